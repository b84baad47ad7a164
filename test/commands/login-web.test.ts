// login add --web: OAuth2 in the browser against the in-memory server's
// provider (test/server/oauth.ts). The browser is a script (the browser
// setting) that fetches the authorize address with a signed-in session, posts
// the grant form and follows the redirect to kettle's loopback listener. Then
// the token's renewal: before a request when it is due, after a 401, a refused
// refresh token, two kettles at once, and login refresh.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerApp, oauth, signIn, type OAuthApp } from '../server/oauth.js';
import { run } from '../support/harness.js';
import { expectExit, expectUsage, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process', login: 'none' });
const BROWSER = `${process.execPath} ${join(import.meta.dirname, '..', 'support', 'oauth-browser.mjs')}`;
let app: OAuthApp;
let cookie: string;

interface Stored {
  default?: string;
  logins: Record<string, { url: string; auth: string; user?: string; token?: string; keyring?: unknown; oauth?: { clientId: string; expires?: string; refreshToken?: string } }>;
}
const stored = (): Stored => JSON.parse(readFileSync(join(s.configDir, 'config.json'), 'utf8')) as Stored;
const provider = () => oauth(s.server.state);
/** The login's name, and the host the settings name: the server's host and port. */
const host = () => new URL(s.server.url).host;

beforeAll(() => {
  app = registerApp(s.server.state, 'alice', ['http://127.0.0.1']);
  cookie = signIn(s.server.state, 'alice');
});
beforeEach(() => {
  delete provider().spoil;
  provider().accessSeconds = 3600;
  delete provider().invalidateRefresh;
});

const env = (mode = 'approve', extra: Record<string, string> = {}) => ({ KETTLE_BROWSER: BROWSER, OAUTH_BROWSER_COOKIE: cookie, OAUTH_BROWSER_MODE: mode, ...extra });
const addWeb = (mode = 'approve', extra: Record<string, string> = {}, args: string[] = []) =>
  s.kettle(['login', 'add', '--url', s.server.url, '--web', '--client-id', app.clientId, ...args], { env: env(mode, extra) });

describe('login add --web', () => {
  it('--dry-run: the browser is asked, but the code is not exchanged for a token (shown, the code and verifier as ***); nothing stored', async () => {
    const issued = provider().issued.length;
    const r = await addWeb('approve', {}, ['--name', 'dry']);
    expect(r.code).toBe(0);
    const dry = await s.kettle(['--dry-run', 'login', 'add', '--url', s.server.url, '--web', '--client-id', app.clientId, '--name', 'drier'], { env: env() });
    expectExit(dry, 0);
    expect(dry.stdout).toMatch(
      new RegExp(`^POST /access_token grant_type=authorization_code&code=\\*\\*\\*&redirect_uri=http%3A%2F%2F127\\.0\\.0\\.1%3A\\d+%2F&client_id=${app.clientId}&code_verifier=\\*\\*\\*\\n$`),
    );
    expect(dry.stderr).toMatch(/kettle: dry run: POST \/access_token shown above was not sent\n$/);
    expect(provider().issued).toHaveLength(issued + 1);
    expect(Object.keys(stored().logins)).toEqual(['dry']);
  });

  it('the whole flow: PKCE S256, a loopback port, the grant page, the code exchanged, the token stored with its refresh token and expiry', async () => {
    const r = await addWeb();
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Opening .* in your browser to log in/);
    expect(r.stderr).toMatch(/✓ Logged in to .* as alice/);
    // No keyring here (no session bus): both secrets in the 0600 file, said once.
    expect(r.stderr).toMatch(/no keyring answered .*: the token and its refresh token are kept in the config file /);
    const [name, login] = Object.entries(stored().logins)[0] ?? [];
    expect(name).toBe(host());
    expect(login?.auth).toBe('header');
    expect(login?.oauth?.clientId).toBe(app.clientId);
    expect(login?.oauth?.refreshToken).toMatch(/\./);
    const expires = Date.parse(login?.oauth?.expires ?? '');
    expect(expires - Date.now()).toBeGreaterThan(3500_000);
    expect(provider().access.get(login?.token ?? '')?.login).toBe('alice');
    expect(provider().issued.map((i) => i.grant)).toContain('authorization_code');
    // The token works on the API.
    s.server.resetRequests();
    const who = await s.kettle(['api', '/user', '--jq', '.login']);
    expectExit(who, 0);
    expect(who.stdout).toBe('alice\n');
  });

  it('the client id from the oauth_client_id setting for the host', async () => {
    const set = await s.kettle(['config', 'set', 'oauth_client_id', app.clientId, '--host', host()]);
    expectExit(set, 0);
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--web'], { env: env() });
    expectExit(r, 0);
    expect(Object.values(stored().logins)[0]?.oauth?.clientId).toBe(app.clientId);
  });

  it('without a client id: how to register one, nothing sent', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--web'], { env: env() });
    expect(r.stderr).toContain(`no OAuth2 application known for ${host()}`);
    expectUsage(s, r, /no OAuth2 application known/);
    expect(r.stderr).toContain('redirect URI http://127.0.0.1, "Confidential client" off');
    expect(r.stderr).toContain(`kettle config set oauth_client_id CLIENT_ID --host ${host()}`);
  });

  it.each([
    ['wrong-state', "kettle: the browser came back with another login's state: not this login's answer; nothing was stored\n"],
    ['no-code', 'kettle: the browser came back without an authorization code; nothing was stored\n'],
    ['deny', 'kettle: the server did not grant access: access_denied (the request is denied); nothing was stored\n'],
  ])('%s: one line, exit 4, nothing stored', async (mode, line) => {
    const before = provider().issued.length;
    const r = await addWeb(mode);
    expectExit(r, 4);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('kettle:'))).toEqual([line.trimEnd()]);
    expect(() => stored()).toThrow();
    expect(provider().issued.length).toBe(before);
  });

  it('a browser that never comes back: the bound, then one line', async () => {
    const r = await addWeb('never', { KETTLE_WEB_LOGIN_TIMEOUT: '1' });
    expectExit(r, 1);
    expect(r.stderr).toMatch(/^kettle: no answer from the browser within 1 s; nothing was stored \(run the command again to retry\)$/m);
    expect(() => stored()).toThrow();
  });

  it('no browser and no terminal: prints the address and waits on the listener', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--web', '--client-id', app.clientId], { env: { KETTLE_WEB_LOGIN_TIMEOUT: '1' } });
    expectExit(r, 1);
    expect(r.stderr).toMatch(
      /Open this address in a browser and log in:\n {2}http:\/\/127\.0\.0\.1:\d+\/login\/oauth\/authorize\?client_id=[^&]+&redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2F&response_type=code&state=[^&]+&code_challenge=[^&]+&code_challenge_method=S256\n/,
    );
  });

  it.each([
    [200, 'text/html', '<html>Sign in to the proxy</html>', /answered 200 without an access token/],
    [200, 'application/json', '{"access_token": 42}', /answered 200 without an access token/],
    [502, 'text/html', 'Bad gateway', /answered 502 without an access token/],
    [
      400,
      'application/json',
      '{"error":"invalid_grant","error_description":"authorization code expired"}',
      /did not exchange the authorization code for a token: invalid_grant: authorization code expired; nothing was stored/,
    ],
  ])('a token endpoint answering %i %s: one line, nothing stored', async (status, type, text, line) => {
    provider().spoil = { status, type, text };
    const r = await addWeb();
    expect(r.code).not.toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('kettle:'))).toHaveLength(1);
    expect(r.stderr).toMatch(line);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(() => stored()).toThrow();
  });

  it('bad input: --web with a token, --client-id without --web, KETTLE_WEB_LOGIN_TIMEOUT not a number', async () => {
    expectUsage(s, await s.kettle(['login', 'add', '--url', s.server.url, '--web', '--token', 'abc']), /--web logs in in the browser: leave out --token/);
    expectUsage(s, await s.kettle(['login', 'add', '--url', s.server.url, '--token', 'abc', '--client-id', 'x']), /--client-id goes with --web/);
    expectUsage(s, await addWeb('approve', { KETTLE_WEB_LOGIN_TIMEOUT: 'soon' }), /KETTLE_WEB_LOGIN_TIMEOUT must be a number of seconds/);
  });
});

describe('renewing the token', () => {
  it('before a request, when the token is about to expire', async () => {
    provider().accessSeconds = 30;
    expectExit(await addWeb(), 0);
    const first = stored().logins[host()];
    provider().accessSeconds = 3600;
    s.server.resetRequests();
    const r = await s.kettle(['api', '/user', '--jq', '.login']);
    expectExit(r, 0);
    expect(r.stdout).toBe('alice\n');
    const after = stored().logins[host()];
    expect(after?.token).not.toBe(first?.token);
    expect(after?.oauth?.refreshToken).not.toBe(first?.oauth?.refreshToken);
    expect(Date.parse(after?.oauth?.expires ?? '') - Date.now()).toBeGreaterThan(3500_000);
    // Renewed first: no request met a dead token.
    expect(sent(s, 'GET', '/user').map((q) => q.status)).toEqual([200]);
    expect(provider().issued.at(-1)?.grant).toBe('refresh_token');
  });

  it('after a 401 (the server no longer takes the token), once, and the request sent again', async () => {
    expectExit(await addWeb(), 0);
    const token = stored().logins[host()]?.token ?? '';
    provider().access.delete(token);
    s.server.resetRequests();
    const r = await s.kettle(['api', '/user', '--jq', '.login']);
    expectExit(r, 0);
    expect(r.stdout).toBe('alice\n');
    expect(sent(s, 'GET', '/user').map((q) => q.status)).toEqual([401, 200]);
    expect(stored().logins[host()]?.token).not.toBe(token);
  });

  it('Forgejo: after its 401 "user does not exist", renewed; the spent refresh token is refused from then on (INVALIDATE_REFRESH_TOKENS)', async () => {
    s.server.set({ flavor: { forgejo: true } });
    expectExit(await addWeb(), 0);
    const first = stored().logins[host()];
    provider().access.delete(first?.token ?? '');
    s.server.resetRequests();
    const r = await s.kettle(['api', '/user', '--jq', '.login']);
    expectExit(r, 0);
    expect(r.stdout).toBe('alice\n');
    const [refused, ok] = sent(s, 'GET', '/user');
    expect([refused?.status, ok?.status]).toEqual([401, 200]);
    const again = await fetch(`${s.server.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: first?.oauth?.refreshToken ?? '', client_id: app.clientId }).toString(),
    });
    expect([again.status, await again.json()]).toEqual([400, { error: 'unauthorized_client', error_description: 'token was already used' }]);
  });

  it('a refresh token the server refuses: one line saying how to log in again', async () => {
    expectExit(await addWeb(), 0);
    provider().access.clear();
    provider().refresh.clear();
    const before = readFileSync(join(s.configDir, 'config.json'), 'utf8');
    const r = await s.kettle(['api', '/user']);
    expectExit(r, 4);
    expect(r.stderr).toBe(
      `kettle: ${s.server.url} refused the refresh token of login "${host()}" (unauthorized_client: unable to parse refresh token); log in again: kettle login add --url ${s.server.url} --name ${host()} --web\n`,
    );
    expect(readFileSync(join(s.configDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('two kettles at once: one renews, the other uses its token (a refresh token is spent once)', async () => {
    provider().accessSeconds = 30;
    expectExit(await addWeb(), 0);
    provider().accessSeconds = 3600;
    provider().invalidateRefresh = true;
    const renewals = provider().issued.length;
    const [a, b] = await Promise.all([s.kettle(['api', '/user', '--jq', '.login']), s.kettle(['api', '/user', '--jq', '.login'])]);
    expectExit(a, 0);
    expectExit(b, 0);
    expect([a.stdout, b.stdout]).toEqual(['alice\n', 'alice\n']);
    expect(
      provider()
        .issued.slice(renewals)
        .map((i) => i.grant),
    ).toEqual(['refresh_token']);
  });

  it('two kettle processes at once (the built binary): one renews, the other uses its token', async () => {
    provider().accessSeconds = 30;
    expectExit(await addWeb(), 0);
    provider().accessSeconds = 3600;
    provider().invalidateRefresh = true;
    const renewals = provider().issued.length;
    const env = { HOME: s.configDir, KETTLE_CONFIG_DIR: s.configDir };
    const results = await Promise.all([0, 1, 2].map(() => run(['api', '/user', '--jq', '.login'], { env, cwd: s.dir })));
    for (const r of results) {
      expectExit(r, 0);
      expect(r.stdout).toBe('alice\n');
    }
    expect(
      provider()
        .issued.slice(renewals)
        .map((i) => i.grant),
    ).toEqual(['refresh_token']);
  });

  it('login refresh: renews now', async () => {
    expectExit(await addWeb(), 0);
    const token = stored().logins[host()]?.token;
    const r = await s.kettle(['login', 'refresh']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(new RegExp(`^✓ Renewed the token of login "${host()}"; it expires \\d{4}-`));
    expect(stored().logins[host()]?.token).not.toBe(token);
    expect(provider().issued.at(-1)?.grant).toBe('refresh_token');
  });

  it('login refresh for a token login, and with KETTLE_TOKEN', async () => {
    const t = s.server.state.addToken('alice').sha1;
    expectExit(await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'plain', '--token', t]), 0);
    const r = await s.kettle(['login', 'refresh', '--login', 'plain']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/^kettle: login "plain" was not made in the browser: its token does not expire by itself/);
    const e = await s.kettle(['login', 'refresh'], { env: s.ciEnv });
    expectExit(e, 1);
    expect(e.stderr).toMatch(/^kettle: the login in use comes from KETTLE_TOKEN: kettle cannot renew a token it was given/);
  });

  it('login status renews a due token and shows its expiry; login token prints a renewed one; login delete forgets it', async () => {
    provider().accessSeconds = 30;
    expectExit(await addWeb(), 0);
    provider().accessSeconds = 3600;
    const r = await s.kettle(['login', 'status', '--json']);
    expectExit(r, 0);
    const [row] = JSON.parse(r.stdout) as { state: string; user: string; expires: string | null }[];
    expect(row).toMatchObject({ state: 'ok', user: 'alice' });
    expect(Date.parse(row?.expires ?? '') - Date.now()).toBeGreaterThan(3500_000);
    expect(row?.expires).toBe(stored().logins[host()]?.oauth?.expires);
    // Due again: login token renews before printing.
    provider().accessSeconds = 30;
    expectExit(await s.kettle(['login', 'refresh']), 0);
    provider().accessSeconds = 3600;
    const before = stored().logins[host()]?.token;
    const t = await s.kettle(['login', 'token']);
    expectExit(t, 0);
    const printed = t.stdout.trim();
    expect(printed).not.toBe(before);
    expect(provider().access.get(printed)?.login).toBe('alice');
    expectExit(await s.kettle(['login', 'delete', host()]), 0);
    expect(stored().logins).toEqual({});
  });

  it("git's credential helper renews a due token before answering", async () => {
    provider().accessSeconds = 30;
    expectExit(await addWeb(), 0);
    provider().accessSeconds = 3600;
    const before = stored().logins[host()]?.token;
    const url = new URL(s.server.url);
    const r = await s.kettle(['login', 'git-credential', 'get'], { input: `protocol=http\nhost=${url.host}\n\n` });
    expectExit(r, 0);
    const password = /^password=(.*)$/m.exec(r.stdout)?.[1];
    expect(password).not.toBe(before);
    expect(password).toBe(stored().logins[host()]?.token);
    expect(provider().access.get(password ?? '')?.login).toBe('alice');
  });

  it('a hand-edited "oauth" without a client id: one line naming the login', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(s.configDir, { recursive: true });
    writeFileSync(
      join(s.configDir, 'config.json'),
      JSON.stringify({ version: 2, default: 'web', logins: { web: { url: `${s.server.url}/api/v1`, auth: 'header', token: 'x.y.z', oauth: { expires: 'soon' } } } }),
      { mode: 0o600 },
    );
    const r = await s.kettle(['whoami']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/^kettle: the config file .*: login "web" has an "oauth" without a "clientId"; fix it, or remove it with: kettle login delete web\n$/);
  });
});
