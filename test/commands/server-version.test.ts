// Knowing the server: the flavour and version are learned once (GET /version),
// kept in the cache folder for a day, shown by whoami, login list and --debug,
// and never asked for by a command that does not need them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { atLeast, describeServer, parseServerVersion } from '../../src/context/server.js';
import { expectExit, record, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });
const cacheFile = () => join(s.configDir, '.cache', 'kettle', 'servers.json');

describe('parseServerVersion and atLeast', () => {
  it.each([
    ['1.23.8', 'gitea', [1, 23, 8]],
    ['1.26.0+dev-41-g1234abc', 'gitea', [1, 26, 0]],
    ['11.0.1+gitea-1.22.0', 'forgejo', [11, 0, 1]],
    ['15.0.3+gitea-1.22.0', 'forgejo', [15, 0, 3]],
    ['12.0.0-dev-1234-abcdef+gitea-1.22.0', 'forgejo', [12, 0, 0]],
    ['nonsense', 'gitea', [0, 0, 0]],
  ])('%s is %s %j', (text, flavour, numbers) => {
    expect(parseServerVersion(text)).toEqual({ flavour, version: text, numbers });
  });

  it.each([
    ['1.26.4', 'gitea', '1.26', true],
    ['1.25.5', 'gitea', '1.26', false],
    ['1.26.4', 'gitea', '1.26.5', false],
    ['15.0.3+gitea-1.22.0', 'forgejo', '15', true],
    ['11.0.1+gitea-1.22.0', 'forgejo', '15', false],
    ['15.0.3+gitea-1.22.0', 'gitea', '1.22', false],
  ] as const)('%s at least %s %s: %s', (text, flavour, version, expected) => {
    expect(atLeast(parseServerVersion(text), flavour, version)).toBe(expected);
  });

  it('names the flavour and its own version', () => {
    expect(describeServer(parseServerVersion('15.0.3+gitea-1.22.0'))).toBe('Forgejo 15.0.3');
    expect(describeServer(parseServerVersion('1.23.8'))).toBe('Gitea 1.23.8');
  });
});

describe('whoami shows the server', () => {
  it.each([
    [{}, 'Gitea 1.23.8 (1.23.8)'],
    [{ forgejo: true }, 'Forgejo 11.0.1 (11.0.1+gitea-1.22.0)'],
    [{ version: '1.26.4' }, 'Gitea 1.26.4 (1.26.4)'],
    [{ forgejo: true, version: '15.0.3+gitea-1.22.0' }, 'Forgejo 15.0.3 (15.0.3+gitea-1.22.0)'],
  ])('flavor %j: %s', async (flavor, shown) => {
    s.server.set({ flavor });
    const r = await s.kettle(['whoami']);
    expectExit(r, 0);
    expect(record(r.stdout).server_version).toBe(shown);
  });

  it('asks once, then answers from the cache folder for a day', async () => {
    expectExit(await s.kettle(['whoami']), 0);
    expectExit(await s.kettle(['whoami']), 0);
    expect(sent(s, 'GET', '/version')).toHaveLength(1);
    const cache = JSON.parse(readFileSync(cacheFile(), 'utf8')) as Record<string, { version: string; at: number }>;
    const [root] = Object.keys(cache);
    expect(cache[root as string]?.version).toBe('1.23.8');
    // A day and a minute later, the server may have been upgraded: asked again.
    writeFileSync(cacheFile(), JSON.stringify({ [root as string]: { version: '1.23.8', at: Date.now() - 24 * 3600_000 - 60_000 } }));
    s.server.set({ flavor: { version: '1.26.4' } });
    const r = await s.kettle(['whoami']);
    expect(record(r.stdout).server_version).toBe('Gitea 1.26.4 (1.26.4)');
    expect(sent(s, 'GET', '/version')).toHaveLength(2);
  });

  it('a damaged cache is asked past, and rewritten', async () => {
    const r0 = await s.kettle(['whoami']);
    expectExit(r0, 0);
    writeFileSync(cacheFile(), '{"not json');
    const r = await s.kettle(['whoami']);
    expectExit(r, 0);
    expect(record(r.stdout).server_version).toBe('Gitea 1.23.8 (1.23.8)');
    expect(JSON.parse(readFileSync(cacheFile(), 'utf8'))).toBeTypeOf('object');
  });
});

describe('commands that do not need the version', () => {
  it('send no GET /version, and --debug names what the cache knows', async () => {
    expectExit(await s.kettle(['issue', 'list', '-R', 'alice/teapot']), 0);
    expect(existsSync(cacheFile())).toBe(false);
    expectExit(await s.kettle(['whoami']), 0);
    s.server.resetRequests();
    const r = await s.kettle(['--debug', 'issue', 'list', '-R', 'alice/teapot']);
    expectExit(r, 0);
    expect(sent(s, 'GET', '/version')).toEqual([]);
    expect(r.stderr).toMatch(/\[debug\] server: Gitea 1\.23\.8 \(1\.23\.8, from the cache folder\)/);
  });

  it("login add learns the server's version, so login list shows it at once and without a request (issue 34, 14)", async () => {
    const env = { KETTLE_URL: undefined, KETTLE_TOKEN: undefined };
    const add = await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--name', 'here'], { env });
    expectExit(add, 0);
    expect(sent(s, 'GET', '/version')).toHaveLength(1);
    s.server.resetRequests();
    const after = await s.kettle(['login', 'list', '--json'], { env });
    expect((JSON.parse(after.stdout) as Array<{ server_version: unknown }>)[0]?.server_version).toBe('Gitea 1.23.8');
    expect(s.server.requests).toEqual([]);
  });

  it('login add on a server without GET /version still logs in; the version stays unknown', async () => {
    const env = { KETTLE_URL: undefined, KETTLE_TOKEN: undefined };
    s.server.fault({ kind: 'status', status: 404, path: '/version' });
    const add = await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--name', 'bare'], { env });
    expectExit(add, 0);
    const list = await s.kettle(['login', 'list', '--json'], { env });
    expect((JSON.parse(list.stdout) as Array<{ server_version: unknown }>)[0]?.server_version).toBeNull();
  });
});

describe('a server without GET /version (issue 34, 13)', () => {
  it('is unknown, not an error: hook add goes on with what every server accepts, whoami says unknown', async () => {
    s.server.fault({ kind: 'status', status: 404, path: '/version', times: 10 });
    const env = { XDG_CACHE_HOME: `${s.dir}/cache-unknown` };
    const hook = await s.kettle(['hook', 'add', '--url', 'https://ci.example.com/x', '-R', 'alice/teapot'], { env });
    expectExit(hook, 0);
    expect(sent(s, 'POST', '/repos/alice/teapot/hooks')).toHaveLength(1);
    // It asked, and went on when the server had no answer.
    expect(sent(s, 'GET', '/version').map((q) => q.status)).toEqual([404]);
    const who = await s.kettle(['whoami'], { env });
    expectExit(who, 0);
    expect(who.stdout).toMatch(/unknown \(no GET \/version\)/);
  });
});

describe('--auth query', () => {
  const login = async () => {
    const env = { KETTLE_URL: undefined, KETTLE_TOKEN: undefined };
    expectExit(await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--auth', 'query', '--name', 'q'], { env }), 0);
    return (args: string[]) => s.kettle(args, { env });
  };

  it('warns once on Forgejo 15, whose description no longer lists query tokens, and still works', async () => {
    s.server.set({ flavor: { forgejo: true, version: '15.0.3+gitea-1.22.0' } });
    const kettle = await login();
    const r = await kettle(['issue', 'list', '-R', 'alice/teapot']);
    expectExit(r, 0);
    expect(r.stderr.match(/Forgejo 15\.0\.3 may refuse tokens in the query string/g)).toHaveLength(1);
  });

  it.each([[{}], [{ forgejo: true }], [{ version: '1.26.4' }]])('says nothing on %j', async (flavor) => {
    s.server.set({ flavor });
    const kettle = await login();
    const r = await kettle(['issue', 'list', '-R', 'alice/teapot']);
    expectExit(r, 0);
    expect(r.stderr).not.toMatch(/query string/);
  });
});
