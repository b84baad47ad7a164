// Reliability, round two, in pure logic: --filter's values are the API
// layer's, no help line shows a default twice, the proxy a request takes, the
// wording of a proxy's failure, and --fields names in --json.
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import * as issues from '../../src/api/gitea/issues.js';
import { networkError } from '../../src/api/network-errors.js';
import { proxyFor } from '../../src/api/proxy.js';
import { apiRoot } from '../../src/api/url.js';
import { buildProgram } from '../../src/cli/program.js';
import { ISSUE_FILTERS } from '../../src/commands/issue/choices.js';
import { renderJson } from '../../src/output/printer.js';
import type { Column } from '../../src/output/printer.js';

describe('issue list --filter', () => {
  it('offers what the API layer can send', () => {
    expect([...ISSUE_FILTERS]).toEqual(Object.keys(issues.SEARCH_FILTERS));
  });
});

const wholeTree = await buildProgram({ streams: { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env: {} }, version: '0', onContext: () => undefined });

describe('help', () => {
  const program = wholeTree;
  const every = (cmd: Command): Command[] => [cmd, ...cmd.commands.flatMap(every)];

  it('never says a default in the description when commander shows it too', () => {
    const doubled = every(program).flatMap((cmd) => cmd.options.filter((o) => o.defaultValue !== undefined && /\(default\b/i.test(o.description)).map((o) => `${cmd.name()} ${o.long}`));
    expect(doubled).toEqual([]);
  });
});

describe('apiRoot and a broken scheme', () => {
  it.each([
    ['http:/127.0.0.1:3000', /did you mean http:\/\/127\.0\.0\.1:3000\?/],
    ['https:git.example.com', /did you mean https:\/\/git\.example\.com\?/],
    ['http:3000', /did you mean http:\/\/3000\?/],
  ])('%s is refused with a suggestion', (input, message) => {
    expect(() => apiRoot(input)).toThrow(message);
  });

  it.each([
    ['127.0.0.1:3000', 'https://127.0.0.1:3000/api/v1'],
    ['git.example.com:3000/forge', 'https://git.example.com:3000/forge/api/v1'],
    ['http://git.example.com', 'http://git.example.com/api/v1'],
  ])('%s is still read as before', (input, root) => {
    expect(apiRoot(input)).toBe(root);
  });
});

describe('proxyFor', () => {
  const target = (url: string) => new URL(url);
  it.each([
    [{}, 'https://git.example.com', undefined],
    [{ HTTPS_PROXY: 'http://p:3128' }, 'https://git.example.com', { url: 'http://p:3128', variable: 'HTTPS_PROXY' }],
    [{ HTTPS_PROXY: 'http://p:3128' }, 'http://git.example.com', undefined],
    [{ HTTP_PROXY: 'http://p:3128' }, 'https://git.example.com', { url: 'http://p:3128', variable: 'HTTP_PROXY' }],
    [{ http_proxy: 'http://u:pw@p:3128', HTTP_PROXY: 'http://q:1' }, 'http://git.example.com', { url: 'http://***@p:3128', variable: 'http_proxy' }],
    [{ HTTP_PROXY: 'p:3128', NO_PROXY: 'example.com' }, 'http://git.example.com', undefined],
    [{ HTTP_PROXY: 'p:3128', NO_PROXY: '.example.com:443' }, 'http://git.example.com', { url: 'http://p:3128', variable: 'HTTP_PROXY' }],
    [{ HTTP_PROXY: 'p:3128', no_proxy: '*' }, 'http://git.example.com', undefined],
  ])('%j, %s', (env, url, expected) => {
    expect(proxyFor(env, target(url))).toEqual(expected);
  });
});

describe('networkError with a proxy in the way', () => {
  const url = new URL('https://git.example.com/api/v1/user');
  const proxy = { url: 'http://p:3128', variable: 'HTTPS_PROXY' };
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'the proxy http://p:3128 (from HTTPS_PROXY): connection refused, for GET https://git.example.com/api/v1/user'],
    [new Error('Proxy response (407) !== 200 when HTTP Tunneling'), /^the proxy http:\/\/p:3128 \(from HTTPS_PROXY\) asked for proxy credentials/],
    [new Error('Proxy response (418) !== 200 when HTTP Tunneling'), 'the proxy http://p:3128 (from HTTPS_PROXY) answered 418 to CONNECT git.example.com, for GET https://git.example.com/api/v1/user'],
    [Object.assign(new Error('x'), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }), 'GET https://git.example.com/api/v1/user: the server certificate does not match the host name'],
  ])('%s', (err, message) => {
    expect(networkError(err, 'GET', url, undefined, proxy).message).toMatch(message);
  });

  it("without a proxy, a refused connection is the server's, scheme kept", () => {
    expect(networkError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'GET', url).message).toBe('GET https://git.example.com/api/v1/user: connection refused');
  });
});

describe('--fields with --json', () => {
  const columns: Column[] = [
    { key: 'number', header: 'NUMBER' },
    { key: 'author', header: 'AUTHOR', get: (r) => (r.user as { login: string }).login },
  ];
  const records = [{ number: 1, user: { login: 'alice' }, labels: [{ name: 'bug' }] }];

  it.each([
    [['number', 'user.login'], [{ number: 1, user: { login: 'alice' } }]],
    [['author', 'number'], [{ author: 'alice', number: 1 }]],
    [['labels.name'], [{ labels: [{ name: 'bug' }] }]],
  ])('%j', (fields, expected) => {
    expect(JSON.parse(renderJson(records, fields, columns))).toEqual(expected);
  });

  it('a name that is neither a column nor a field is a usage error', () => {
    expect(() => renderJson(records, ['number', 'nope'], columns)).toThrow(/unknown field nope in --fields/);
  });
});
