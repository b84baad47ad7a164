// The foundation end to end: the built binary against the in-memory server.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../server/index.js';
import { ANSI, json, run } from '../support/harness.js';
import { useServer } from '../support/suite.js';

const s = useServer({ login: 'none' });

function readConfig(): { default?: string; logins: Record<string, Record<string, unknown>> } {
  return JSON.parse(readFileSync(join(s.configDir, 'config.json'), 'utf8'));
}

function noSecrets(text: string, ...secrets: string[]): void {
  for (const s of secrets) expect(text).not.toContain(s);
}

describe('login add and the three auth methods', () => {
  it('stores a token login (header auth), checked with GET /user first', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'demo', '--token', s.token]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Logged in to .* as alice \(Alice Liddell\); saved as login "demo" \(default\)/);
    const cfg = readConfig();
    expect(cfg.default).toBe('demo');
    expect(cfg.logins.demo).toMatchObject({ url: s.server.apiUrl, auth: 'header', token: s.token, user: 'alice' });
    const check = s.server.requests.find((q) => q.path === '/user');
    expect(check?.auth).toBe('header');
    expect(check?.rawUrl).not.toContain(s.token);

    // login add learned the server's version (kept in the cache folder), with the login's own credentials.
    expect(s.server.requests.map((q) => [q.method, q.path, q.auth])).toEqual([
      ['GET', '/user', 'header'],
      ['GET', '/version', 'header'],
    ]);
    s.server.resetRequests();
    const who = await s.kettle(['whoami']);
    expect(who.code, who.stderr).toBe(0);
    expect(who.stdout).toContain('login\talice\n');
    // whoami shows the server's version from the cache: one request.
    expect(s.server.requests.map((q) => [q.method, q.path, q.auth])).toEqual([['GET', '/user', 'header']]);
    expect(s.server.requests[0]?.headers['user-agent']).toMatch(/^kettle\/\d+\.\d+\.\d+/);
    noSecrets(r.stdout + r.stderr + who.stdout + who.stderr, s.token);
  });

  it('reads the token from standard input with --with-token', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--with-token'], { input: `${s.token}\n` });
    expect(r.code, r.stderr).toBe(0);
    const name = new URL(s.server.url).host;
    expect(readConfig().logins[name]?.token).toBe(s.token);
  });

  it('uses the token query parameter only when asked to', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--auth', 'query']);
    expect(r.code, r.stderr).toBe(0);
    s.server.resetRequests();
    const who = await s.kettle(['whoami', '--json']);
    expect(who.code, who.stderr).toBe(0);
    expect(s.server.requests[0]?.auth).toBe('query');
    expect(s.server.requests[0]?.headers.authorization).toBeUndefined();
    noSecrets(who.stdout + who.stderr, s.token);
  });

  it('mints a token from a user name and password and stores only the token', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'alice', '--password', 'alice-password']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('created an access token');
    const login = Object.values(readConfig().logins)[0];
    expect(login?.auth).toBe('header');
    expect(typeof login?.token).toBe('string');
    expect(login?.password).toBeUndefined();
    expect(JSON.stringify(readConfig())).not.toContain('alice-password');
    expect(s.server.requests.some((q) => q.method === 'POST' && q.path === '/users/alice/tokens' && q.auth === 'basic')).toBe(true);
    s.server.resetRequests();
    const who = await s.kettle(['whoami']);
    expect(who.code, who.stderr).toBe(0);
    expect(s.server.requests[0]?.auth).toBe('header');
    noSecrets(r.stdout + r.stderr + who.stdout + who.stderr, 'alice-password', String(login?.token));
  });

  it('stores Basic credentials with --auth basic and sends them on every request', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'alice', '--password', 'alice-password', '--auth', 'basic']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('stored the password');
    s.server.resetRequests();
    const who = await s.kettle(['whoami', '--debug']);
    expect(who.code, who.stderr).toBe(0);
    expect(s.server.requests[0]?.auth).toBe('basic');
    expect(who.stderr).toContain('authorization: Basic REDACTED');
    noSecrets(who.stdout + who.stderr, 'alice-password', Buffer.from('alice:alice-password').toString('base64'));
  });

  it('refuses wrong credentials with exit 4 and saves nothing', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--token', 'not-a-real-token']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^kettle: .* rejected these credentials/);
    expect(existsSync(join(s.configDir, 'config.json'))).toBe(false);
    noSecrets(r.stderr, 'not-a-real-token');
  });

  it('without a terminal, names the flag that is missing (exit 2)', async () => {
    const noCreds = await s.kettle(['login', 'add', '--url', s.server.url]);
    expect(noCreds.code).toBe(2);
    expect(noCreds.stderr).toMatch(/--token/);
    const noUrl = await s.kettle(['login', 'add', '--token', s.token]);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toBe('kettle: --url is required (no terminal to ask on)\n');
    const noPassword = await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'alice']);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('--password');
    const emptyStdin = await s.kettle(['login', 'add', '--url', s.server.url, '--with-token'], { input: '' });
    expect(emptyStdin.code).toBe(2);
    expect(emptyStdin.stderr).toContain('standard input held no token');
  });

  it('rejects a bad URL and a bad --auth value before any request (exit 2)', async () => {
    const bad = await s.kettle(['login', 'add', '--url', 'ftp://example.com', '--token', s.token]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('ftp: is not supported');
    const auth = await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--auth', 'cookie']);
    expect(auth.code).toBe(2);
    expect(auth.stderr).toMatch(/--auth.*cookie/);
    expect(s.server.requests).toHaveLength(0);
  });
});

describe('server URL forms', () => {
  const forge = useServer({ server: { basePath: '/forge' }, user: 'bob' });

  it.each([
    ['instance root', (server: TestServer) => server.url],
    ['instance root with a trailing slash', (server: TestServer) => `${server.url}/`],
    ['API root', (server: TestServer) => server.apiUrl],
    ['API root with a trailing slash', (server: TestServer) => `${server.apiUrl}/`],
  ])('a sub-path deployment given as the %s', async (_label, urlOf) => {
    const r = await s.kettle(['whoami', '--json'], { env: { KETTLE_URL: urlOf(forge.server), KETTLE_TOKEN: forge.token } });
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ login: string }>(r).login).toBe('bob');
    expect(forge.server.requests.map((q) => q.path)).toContain('/user');
  });

  it('stores the API root of a sub-path deployment', async () => {
    const r = await s.kettle(['login', 'add', '--url', forge.server.url, '--name', 'forge', '--token', forge.token]);
    expect(r.code, r.stderr).toBe(0);
    expect(readConfig().logins.forge?.url).toBe(forge.server.apiUrl);
  });
});

describe('the environment path (CI)', () => {
  it('works with no config file at all and creates none', async () => {
    const r = await s.kettle(['whoami', '--json'], { env: s.ciEnv });
    expect(r.code, r.stderr).toBe(0);
    const me = json<Record<string, unknown>>(r);
    const stored = s.server.state.users.find((u) => u.login === 'alice');
    expect(me.login).toBe(stored?.login);
    expect(me.email).toBe(stored?.email);
    expect(existsSync(join(s.configDir, 'config.json'))).toBe(false);
  });

  it('a rejected KETTLE_TOKEN exits 4 with a hint about KETTLE_TOKEN', async () => {
    const r = await s.kettle(['whoami'], { env: { KETTLE_URL: s.server.url, KETTLE_TOKEN: 'expired-token-123' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^kettle: authentication failed: .*\(HTTP 401\)\n/);
    expect(r.stderr).toContain('KETTLE_TOKEN');
    noSecrets(r.stderr, 'expired-token-123');
  });

  it('half of the pair is an auth error that says which half is missing', async () => {
    const r = await s.kettle(['whoami'], { env: { KETTLE_URL: s.server.url } });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('kettle: KETTLE_URL is set but KETTLE_TOKEN is not; set both to use the environment\n');
  });

  it('--login picks a stored login over the environment; KETTLE_LOGIN picks one too', async () => {
    const bob = s.server.addToken('bob');
    expect((await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'a', '--token', s.token])).code).toBe(0);
    expect((await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'b', '--token', bob])).code).toBe(0);
    const byFlag = await s.kettle(['whoami', '--json', '--login', 'b'], { env: s.ciEnv });
    expect(json<{ login: string }>(byFlag).login).toBe('bob');
    const byEnv = await s.kettle(['whoami', '--json'], { env: { KETTLE_LOGIN: 'b' } });
    expect(json<{ login: string }>(byEnv).login).toBe('bob');
    const byDefault = await s.kettle(['whoami', '--json']);
    expect(json<{ login: string }>(byDefault).login).toBe('alice');
    const unknown = await s.kettle(['whoami', '--login', 'zzz']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('kettle: no login named "zzz"; stored logins: a, b\n');
  });
});

describe('stored logins', () => {
  it('are written with file mode 0600 in a 0700 folder', async () => {
    const nested = join(s.configDir, 'nested', 'kettle');
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token], { env: { KETTLE_CONFIG_DIR: nested } });
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(join(nested, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(nested).mode & 0o777).toBe(0o700);
  });

  it('live in $XDG_CONFIG_HOME/kettle, else ~/.config/kettle', async () => {
    const xdg = await run(['login', 'add', '--url', s.server.url, '--token', s.token], { env: { HOME: s.configDir, XDG_CONFIG_HOME: join(s.configDir, 'xdg') } });
    expect(xdg.code, xdg.stderr).toBe(0);
    expect(existsSync(join(s.configDir, 'xdg', 'kettle', 'config.json'))).toBe(true);
    const home = await run(['login', 'add', '--url', s.server.url, '--token', s.token], { env: { HOME: s.configDir } });
    expect(home.code, home.stderr).toBe(0);
    expect(existsSync(join(s.configDir, '.config', 'kettle', 'config.json'))).toBe(true);
  });

  it('a config file readable by others is tightened to 0600 with a warning', async () => {
    expect((await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token])).code).toBe(0);
    const file = join(s.configDir, 'config.json');
    writeFileSync(file, readFileSync(file), { mode: 0o644 });
    const { chmodSync } = await import('node:fs');
    chmodSync(file, 0o644);
    const r = await s.kettle(['login', 'list']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/readable by others .* now 0600/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('list, default and delete', async () => {
    const bob = s.server.addToken('bob');
    await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'one', '--token', s.token]);
    await s.kettle(['login', 'add', '--url', s.server.apiUrl, '--name', 'two', '--token', bob]);
    const list = await s.kettle(['login', 'list']);
    expect(list.code).toBe(0);
    // The server's version, learned by login add.
    expect(list.stdout).toBe(`one\t${s.server.url}\talice\theader\tdefault\tGitea 1.23.8\tplain http\thttps\tfile\ntwo\t${s.server.url}\tbob\theader\t\tGitea 1.23.8\tplain http\thttps\tfile\n`);
    noSecrets(list.stdout + list.stderr, s.token, bob);
    const listJson = json<Array<Record<string, unknown>>>(await s.kettle(['login', 'list', '--json']));
    expect(listJson.map((l) => [l.name, l.user, l.default])).toEqual([
      ['one', 'alice', true],
      ['two', 'bob', false],
    ]);
    expect(JSON.stringify(listJson)).not.toContain(s.token);

    const def = await s.kettle(['login', 'default', 'two']);
    expect(def.code, def.stderr).toBe(0);
    expect(readConfig().default).toBe('two');
    expect(json<{ login: string }>(await s.kettle(['whoami', '--json'])).login).toBe('bob');

    const del = await s.kettle(['login', 'delete', 'two']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.stderr).toContain('the default login is now "one"');
    expect(readConfig()).toMatchObject({ default: 'one' });
    expect(Object.keys(readConfig().logins)).toEqual(['one']);

    const missing = await s.kettle(['login', 'delete', 'two']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no login named "two"');
  });
});

describe('errors and exit codes', () => {
  it('no credentials at all: exit 4 and what to do', async () => {
    const r = await s.kettle(['whoami']);
    expect(r.code).toBe(4);
    expect(r.stderr.split('\n')[0]).toBe('kettle: not logged in');
    expect(r.stderr).toContain('kettle login add');
  });

  it('a stored login the server rejects: exit 4 with the command to log in again', async () => {
    await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'old', '--token', s.token]);
    const cfg = readConfig();
    (cfg.logins.old as Record<string, unknown>).token = 'revoked-token-456';
    writeFileSync(join(s.configDir, 'config.json'), JSON.stringify(cfg), { mode: 0o600 });
    const r = await s.kettle(['whoami']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`kettle login add --url ${s.server.url} --name old`);
    noSecrets(r.stderr, 'revoked-token-456');
  });

  it.each([
    [['whoami', '--bogus'], /^kettle: unknown option '--bogus'/],
    [['whoam'], /^kettle: unknown command 'whoam'\n\(Did you mean whoami\?\)/],
    [['user', 'view'], /^kettle: missing required argument 'username'/],
    [['whoami', '--fields', 'a,,b'], /^kettle: invalid --fields value/],
  ])('usage errors exit 2: %j', async (args, message) => {
    const r = await s.kettle(args, { env: s.ciEnv });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('a 404 names the thing: exit 1, one line', async () => {
    const r = await s.kettle(['user', 'view', 'nobody'], { env: s.ciEnv });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('kettle: user nobody not found\n');
  });

  it.each([
    [{ kind: 'status' as const, status: 500 }, /^kettle: .*500/],
    [{ kind: 'html' as const, status: 502 }, /^kettle: the server answered 502 Bad Gateway with an HTML page/],
    [{ kind: 'truncated' as const }, /^kettle: /],
    [{ kind: 'empty' as const }, /^kettle: expected a JSON object from GET \/user/],
    [{ kind: 'wrongShape' as const }, /^kettle: expected a JSON object from GET \/user/],
    [{ kind: 'reset' as const }, /^kettle: GET .*: the connection was reset|closed/],
  ])('server failure %j: one line, exit 1, nothing on stdout', async (fault, message) => {
    s.server.fault({ ...fault, times: 5 });
    const r = await s.kettle(['whoami', '--json'], { env: s.ciEnv });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a connection refused is one line, exit 1', async () => {
    const r = await s.kettle(['whoami'], { env: { KETTLE_URL: 'http://127.0.0.1:9', KETTLE_TOKEN: s.token } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kettle: .*connection refused\n$/);
  });

  it('a short rate limit is waited out with a note; a long one exits 1 naming the reset time', async () => {
    s.server.fault({ kind: 'ratelimit', retryAfter: 1 });
    const short = await s.kettle(['whoami', '--json'], { env: s.ciEnv });
    expect(short.code, short.stderr).toBe(0);
    expect(short.stderr).toMatch(/rate limit reached; waiting 1 s/);
    expect(json<{ login: string }>(short).login).toBe('alice');

    s.server.fault({ kind: 'ratelimit', retryAfter: 3600 });
    const long = await s.kettle(['whoami'], { env: s.ciEnv });
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/^kettle: rate limit exceeded until \d{4}-\d{2}-\d{2}T/);
  });
});

describe('output', () => {
  it('--json prints the server record; --fields keeps dotted nesting', async () => {
    const full = json<Record<string, unknown>>(await s.kettle(['user', 'view', 'bob', '--json'], { env: s.ciEnv }));
    const bob = s.server.state.users.find((u) => u.login === 'bob');
    expect(full).toMatchObject({ id: bob?.id, login: 'bob', email: bob?.email });
    const some = json(await s.kettle(['user', 'view', 'bob', '--json', '--fields', 'login,id'], { env: s.ciEnv }));
    expect(some).toEqual({ login: 'bob', id: bob?.id });
  });

  it('plain output is key<TAB>value lines with ISO times, no colour even when colour is forced', async () => {
    const r = await s.kettle(['user', 'view', 'bob'], { env: { ...s.ciEnv, FORCE_COLOR: '1' } });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split('\t')[0])).toEqual(['login', 'full_name', 'email', 'id', 'created_at']);
    expect(lines.every((l) => l.split('\t').length === 2)).toBe(true);
    expect(lines[4]).toMatch(/^created_at\t\d{4}-\d{2}-\d{2}T/);
    expect(r.stdout).not.toMatch(ANSI);
    const plain = await s.kettle(['whoami'], { env: s.ciEnv });
    expect(plain.stdout + plain.stderr).not.toMatch(ANSI);
  });

  it('--debug traces requests and statuses on stderr with every credential redacted', async () => {
    const r = await s.kettle(['whoami', '--debug'], { env: s.ciEnv });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('[debug] > GET');
    expect(r.stderr).toMatch(/\[debug\] < 200 OK GET \/user/);
    expect(r.stderr).toContain('authorization: token REDACTED');
    noSecrets(r.stdout + r.stderr, s.token);
    const viaEnv = await s.kettle(['whoami'], { env: { ...s.ciEnv, KETTLE_DEBUG: '1' } });
    expect(viaEnv.stderr).toContain('[debug] > GET');
    noSecrets(viaEnv.stdout + viaEnv.stderr, s.token);
  });

  it('query auth is redacted from debug traces too', async () => {
    await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--auth', 'query']);
    const r = await s.kettle(['whoami', '--debug']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('token=REDACTED');
    noSecrets(r.stdout + r.stderr, s.token);
  });

  it('help and version go to stdout and exit 0', async () => {
    const version = await s.kettle(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
    const help = await s.kettle(['login', 'add', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
    const overview = await s.kettle([]);
    expect(overview.code).toBe(0);
    expect(overview.stdout).toContain('Issues:');
  });
});
