import { describe, expect, it } from 'vitest';
import { fieldsToBody, fieldsToQuery, parseField, parseHeader, parseKeyPath, typedValue } from '../../src/commands/api/fields.js';
import { relativePath } from '../../src/commands/api/api.js';
import { UsageError } from '../../src/errors.js';

const noFiles = async (file: string) => `contents of ${file}\n`;

describe('parseKeyPath', () => {
  it.each([
    ['title', ['title']],
    ['config[url]', ['config', 'url']],
    ['events[]', ['events', '']],
    ['a[b][c]', ['a', 'b', 'c']],
    ['a[b][]', ['a', 'b', '']],
  ])('%s', (key, path) => {
    expect(parseKeyPath(key)).toEqual(path);
  });

  it.each(['', '[x]', 'a[', 'a]b', 'a[][b]'])('refuses %j', (key) => {
    expect(() => parseKeyPath(key)).toThrow(UsageError);
  });
});

describe('typedValue', () => {
  it.each<[string, unknown]>([
    ['12', 12],
    ['-3', -3],
    ['0', 0],
    ['007', '007'],
    ['1.5', '1.5'],
    ['true', true],
    ['false', false],
    ['null', null],
    ['True', 'True'],
    ['', ''],
    ['12345678901234567890', '12345678901234567890'],
  ])('%j -> %j', (raw, value) => {
    expect(typedValue(raw)).toEqual(value);
  });
});

describe('fields into a body or a query', () => {
  it('builds nested objects and arrays', async () => {
    const fields = await Promise.all([
      parseField('type=gitea', false, noFiles),
      parseField('config[url]=https://ci.example.com', false, noFiles),
      parseField('config[content_type]=json', false, noFiles),
      parseField('events[]=push', false, noFiles),
      parseField('events[]=issues', false, noFiles),
      parseField('active=true', true, noFiles),
      parseField('count=3', true, noFiles),
      parseField('raw=3', false, noFiles),
      parseField('body=@notes.md', true, noFiles),
      parseField('literal=@notes.md', false, noFiles),
      parseField('eq=a=b', false, noFiles),
    ]);
    expect(fieldsToBody(fields)).toEqual({
      type: 'gitea',
      config: { url: 'https://ci.example.com', content_type: 'json' },
      events: ['push', 'issues'],
      active: true,
      count: 3,
      raw: '3',
      body: 'contents of notes.md',
      literal: '@notes.md',
      eq: 'a=b',
    });
  });

  it('puts fields in the query, repeating array keys', async () => {
    const fields = await Promise.all([parseField('state=closed', false, noFiles), parseField('labels[]=1', true, noFiles), parseField('labels[]=2', true, noFiles)]);
    expect(fieldsToQuery(fields)).toEqual({ state: ['closed'], labels: ['1', '2'] });
  });

  it.each(['novalue', '=x'])('refuses %j', async (arg) => {
    await expect(parseField(arg, false, noFiles)).rejects.toThrow(UsageError);
  });

  it('refuses a key that is both a value and an object', async () => {
    const fields = await Promise.all([parseField('a=1', false, noFiles), parseField('a[b]=2', false, noFiles)]);
    expect(() => fieldsToBody(fields)).toThrow(UsageError);
  });
});

describe('parseHeader', () => {
  it.each<[string, [string, string]]>([
    ['Accept: text/plain', ['accept', 'text/plain']],
    ['X-Custom:a:b', ['x-custom', 'a:b']],
  ])('%j', (arg, pair) => {
    expect(parseHeader(arg)).toEqual(pair);
  });
  it.each(['no colon', ': value', 'bad name: x'])('refuses %j', (arg) => {
    expect(() => parseHeader(arg)).toThrow(UsageError);
  });
});

describe('relativePath', () => {
  const ROOT = 'https://git.example.com/api/v1';
  const SUB = 'https://example.com/forge/api/v1';
  it.each([
    [ROOT, '/user', '/user'],
    [ROOT, 'user', '/user'],
    [ROOT, '/api/v1/user', '/user'],
    [ROOT, 'api/v1/repos/o/r?state=all', '/repos/o/r?state=all'],
    [ROOT, 'https://git.example.com/api/v1/user/repos?page=2', '/user/repos?page=2'],
    [SUB, '/forge/api/v1/user', '/user'],
    [SUB, '/api/v1/user', '/user'],
    [SUB, 'https://example.com/forge/api/v1/orgs', '/orgs'],
  ])('%s + %s', (root, input, expected) => {
    expect(relativePath(input, root)).toBe(expected);
  });

  it.each([
    [ROOT, 'https://evil.example.net/api/v1/user', /refusing to send your credentials to evil.example.net/],
    [ROOT, 'http://git.example.com/api/v1/user', /refusing/],
    [ROOT, 'https://git.example.com:8443/api/v1/user', /refusing/],
    [SUB, 'https://example.com/other/api/v1/user', /outside the API root/],
    [ROOT, '', /empty/],
  ])('%s + %s is refused', (root, input, message) => {
    expect(() => relativePath(input, root)).toThrow(message);
  });
});
