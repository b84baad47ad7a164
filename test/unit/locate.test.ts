// Where a repository is, as written on the command line, and which login serves it.
import { describe, expect, it } from 'vitest';
import { keyOf, locateRepo, loginsFor, numberOfUrl, placeOfRemote, serves } from '../../src/context/locate.js';
import { parseNumberArg } from '../../src/commands/input.js';
import { UsageError } from '../../src/errors.js';

const roots = ['https://codeberg.org/api/v1', 'https://example.com/forge/api/v1', 'https://example.com/forge2/api/v1', 'http://127.0.0.1:3000/api/v1'];

describe('locateRepo', () => {
  it.each([
    ['alice/teapot', { owner: 'alice', name: 'teapot' }, undefined, undefined],
    ['alice/teapot.git', { owner: 'alice', name: 'teapot' }, undefined, undefined],
    ['codeberg.org/alice/teapot', { owner: 'alice', name: 'teapot' }, 'codeberg.org/alice/teapot', undefined],
    ['https://codeberg.org/alice/teapot', { owner: 'alice', name: 'teapot' }, 'codeberg.org/alice/teapot', undefined],
    ['https://codeberg.org/alice/teapot.git', { owner: 'alice', name: 'teapot' }, 'codeberg.org/alice/teapot.git', undefined],
    ['https://Codeberg.org/alice/teapot/', { owner: 'alice', name: 'teapot' }, 'codeberg.org/alice/teapot', undefined],
    ['https://codeberg.org/alice/teapot/issues/3', { owner: 'alice', name: 'teapot' }, 'codeberg.org/alice/teapot/issues/3', 3],
    ['https://codeberg.org/alice/teapot/pulls/7#issuecomment-2', { owner: 'alice', name: 'teapot' }, 'codeberg.org/alice/teapot/pulls/7', 7],
    ['https://codeberg.org/alice/teapot/src/branch/main/README.md', { owner: 'alice', name: 'teapot' }, 'codeberg.org/alice/teapot/src/branch/main/README.md', undefined],
    // A sub-path deployment: the login's URL says where owner/name begin.
    ['https://example.com/forge/alice/teapot', { owner: 'alice', name: 'teapot' }, 'example.com/forge/alice/teapot', undefined],
    ['https://example.com/forge/alice/teapot/issues/12', { owner: 'alice', name: 'teapot' }, 'example.com/forge/alice/teapot/issues/12', 12],
    ['example.com/forge2/bob/kettle', { owner: 'bob', name: 'kettle' }, 'example.com/forge2/bob/kettle', undefined],
    ['http://127.0.0.1:3000/alice/teapot.git', { owner: 'alice', name: 'teapot' }, '127.0.0.1:3000/alice/teapot.git', undefined],
    ['127.0.0.1:3000/alice/teapot', { owner: 'alice', name: 'teapot' }, '127.0.0.1:3000/alice/teapot', undefined],
    // No login on the host: the two segments before /issues/N, else the last two.
    ['https://unknown.example/deep/sub/carol/pot/issues/5', { owner: 'carol', name: 'pot' }, 'unknown.example/deep/sub/carol/pot/issues/5', 5],
    ['https://unknown.example/deep/carol/pot', { owner: 'carol', name: 'pot' }, 'unknown.example/deep/carol/pot', undefined],
  ])('%s', (value, repo, key, number) => {
    const located = locateRepo(value, roots);
    expect(located.repo).toEqual(repo);
    expect(located.place?.key).toBe(key);
    expect(located.number).toBe(number);
  });

  it.each([
    ['https://example.com/forge/alice/teapot', 'https://example.com/forge'],
    ['https://unknown.example/deep/carol/pot/issues/5', 'https://unknown.example/deep'],
    ['https://unknown.example/carol/pot', 'https://unknown.example'],
  ])('%s suggests logging in to %s', (value, root) => {
    expect(locateRepo(value, roots).place?.root).toBe(root);
  });

  it.each([
    'alice',
    'alice/teapot/issues',
    'alice/../bob',
    '../x',
    'a?b/c',
    'https://codeberg.org/alice',
    'https://codeberg.org/',
    'https://user:pw@codeberg.org/alice/teapot',
    'ftp://codeberg.org/alice/teapot',
    'https://example.com/forge/alice',
  ])('%j is refused', (value) => {
    expect(() => locateRepo(value, roots)).toThrow(UsageError);
  });
});

describe('loginsFor', () => {
  const logins = [
    { name: 'codeberg', url: 'https://codeberg.org/api/v1' },
    { name: 'root', url: 'https://example.com/api/v1' },
    { name: 'forge', url: 'https://example.com/forge/api/v1' },
    { name: 'forge-bot', url: 'https://example.com/forge/api/v1' },
    { name: 'local', url: 'http://127.0.0.1:3000/api/v1' },
  ];
  const at = (value: string) =>
    locateRepo(
      value,
      logins.map((l) => l.url),
    ).place!;
  it.each([
    ['the host alone', 'https://codeberg.org/alice/teapot', undefined, ['codeberg']],
    ['the longest prefix: a sub-path deployment', 'https://example.com/forge/alice/teapot', undefined, ['forge', 'forge-bot']],
    ['the default first among logins of one URL', 'https://example.com/forge/alice/teapot', 'forge-bot', ['forge-bot', 'forge']],
    ['the root deployment, beside the sub-path one', 'https://example.com/alice/teapot', undefined, ['root']],
    ['a path that only starts like the sub-path', 'https://example.com/forgery/teapot', undefined, ['root']],
    ['the port counts for a web URL', 'http://127.0.0.1:3000/alice/teapot', undefined, ['local']],
    ['no login on the host', 'https://elsewhere.example/alice/teapot', undefined, []],
  ])('%s', (_what, value, defaultName, names) => {
    expect(loginsFor(at(value), logins, defaultName).map((l) => l.name)).toEqual(names);
  });

  it.each([
    ['an ssh remote: its host name alone', 'git@codeberg.org:alice/teapot.git', ['codeberg']],
    ['an ssh:// remote with the ssh port', 'ssh://git@127.0.0.1:2222/alice/teapot.git', ['local']],
    ['an https remote on a sub-path', 'https://example.com/forge/alice/teapot.git', ['forge', 'forge-bot']],
    ['an http remote on another port: the host name', 'http://127.0.0.1:1/alice/teapot.git', ['local']],
  ])('%s', (_what, remote, names) => {
    expect(loginsFor(placeOfRemote(remote)!, logins).map((l) => l.name)).toEqual(names);
  });

  it.each([
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000/alice/teapot', true],
    ['http://127.0.0.1:3000/api/v1', 'http://127.0.0.1:3001/alice/teapot', false],
    ['https://example.com/forge', 'https://example.com/other/alice/teapot', false],
  ])('KETTLE_URL %s serves %s: %s', (url, value, expected) => {
    expect(serves(url, locateRepo(value, []).place!)).toBe(expected);
  });

  it.each([
    ['https://Example.com/forge/api/v1/', 'example.com/forge'],
    ['example.com:8443', 'example.com:8443'],
  ])('keyOf(%s)', (url, key) => {
    expect(keyOf(url)).toBe(key);
  });
});

describe('NUMBER as a web URL', () => {
  it.each([
    ['3', 3],
    ['#3', 3],
    ['https://codeberg.org/alice/teapot/issues/3', 3],
    ['https://example.com/forge/alice/teapot/pulls/7/', 7],
    ['http://127.0.0.1:3000/alice/teapot/pulls/7/files', undefined],
    ['https://codeberg.org/alice/teapot/pulls/7?style=split', 7],
  ])('%s', (value, n) => {
    if (n === undefined) expect(() => parseNumberArg(value, 'pull request number')).toThrow(/must end in \/issues\/NUMBER or \/pulls\/NUMBER/);
    else expect(parseNumberArg(value, 'issue number')).toBe(n);
  });

  it.each([
    ['https://codeberg.org/alice/teapot/issues/0', undefined],
    ['https://codeberg.org/alice/teapot', undefined],
    ['3', undefined],
  ])('numberOfUrl(%s)', (value, n) => {
    expect(numberOfUrl(value)).toBe(n);
  });
});
