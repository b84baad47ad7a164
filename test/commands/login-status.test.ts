// kettle login status, token and scopes against the in-memory server, with
// logins kept in the config file (the keyring's own tests are in
// login-keyring.test.ts): what the server says a token may do, per flavour,
// a refused token, and the token printed for scripts, never on a terminal
// without --show.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../../src/commands/login/add.js';
import { SCOPE_USES } from '../../src/commands/login/scope-uses.js';
import { json } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';
import { TOKEN_SCOPES as SERVER_SCOPES } from '../server/routes.js';

const s = useServer({ runner: 'in-process', login: 'none' });
const F11 = { forgejo: true, version: '11.0.1+gitea-1.22.0' };

interface Status {
  name: string;
  user: string | null;
  secret: string;
  state: string;
  error: string | null;
  scopes: string[] | null;
  readable: string[] | null;
  lacking: string[] | null;
  expires: string | null;
}

/** A stored login, kept in the config file, with this token. */
function store(logins: Record<string, { token?: string; password?: string; auth?: string; user?: string; scopes?: string[] }>): void {
  const entries = Object.fromEntries(Object.entries(logins).map(([name, l]) => [name, { url: `${s.server.url}/api/v1`, auth: l.auth ?? 'header', user: l.user ?? 'alice', ...l }]));
  writeFileSync(join(s.configDir, 'config.json'), JSON.stringify({ default: Object.keys(logins)[0], logins: entries }), { mode: 0o600 });
}

describe('login scopes', () => {
  it('lists each scope kettle needs with the command groups that need it; a minted token carries them all, each a name the server accepts', async () => {
    const r = await s.kettle(['login', 'scopes', '--json']);
    expectExit(r, 0);
    const rows = json<{ scope: string; commands: string[] }[]>(r);
    expect(rows.map((x) => x.scope)).toEqual([...TOKEN_SCOPES]);
    expect(rows.find((x) => x.scope === 'write:notification')?.commands).toContain('notification');
    expect(rows.find((x) => x.scope === 'write:admin')?.commands).toContain('admin');
    for (const u of SCOPE_USES) expect(SERVER_SCOPES).toContain(u.scope);
    const plain = await s.kettle(['login', 'scopes']);
    expect(plain.stdout.split('\n')[0]).toMatch(/^write:repository\trepo, /);
  });
});

describe('login status', () => {
  it('a token with every scope: ok, the user the server names, where the secret is kept, no expiry', async () => {
    store({ main: { token: s.token } });
    const r = await s.kettle(['login', 'status', '--json']);
    expectExit(r, 0);
    expect(json<Status[]>(r)).toEqual([expect.objectContaining({ name: 'main', user: 'alice', secret: 'file', state: 'ok', error: null, scopes: null, lacking: [], expires: 'never' })]);
    expect(r.stdout).not.toContain(s.token);
  });

  it.each([
    ['Gitea 1.23.8', undefined, { scopes: ['read:user', 'write:repository'] }],
    ['Forgejo 11.0.1', F11, { scopes: null }],
  ])('%s: a token lacking scopes says which (Gitea names them all in its 403)', async (_name, flavor, expected) => {
    if (flavor) s.server.set({ flavor });
    const limited = s.server.state.addToken('alice', 'limited', ['read:user', 'write:repository']).sha1;
    store({ limited: { token: limited } });
    const r = await s.kettle(['login', 'status', '--json']);
    expectExit(r, 0);
    const [one] = json<Status[]>(r);
    expect(one).toMatchObject({ state: 'ok', ...expected });
    expect(one?.lacking).toEqual(['admin', 'issue', 'notification', 'organization', 'package']);
    expect(one?.readable).toEqual(['repository', 'user']);
    const plain = await s.kettle(['login', 'status']);
    expect(plain.stdout).toMatch(flavor ? /\tlacks admin,issue,notification,organization,package\tnever\n$/ : /\tread:user,write:repository\tnever\n$/);
  });

  it('the scopes kettle minted are known exactly', async () => {
    const env = { KETTLE_URL: '', KETTLE_TOKEN: '' };
    expectExit(await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'alice', '--password', 'alice-password', '--name', 'minted', '--insecure-storage'], { env }), 0);
    const stored = JSON.parse(readFileSync(join(s.configDir, 'config.json'), 'utf8')).logins.minted;
    expect(stored.scopes).toEqual([...TOKEN_SCOPES]);
    expect(stored.scopes).toEqual(expect.arrayContaining(['write:notification', 'write:admin']));
    const [one] = json<Status[]>(await s.kettle(['login', 'status', '--login', 'minted', '--json']));
    expect(one?.scopes).toEqual([...TOKEN_SCOPES]);
  });

  it('a refused token: its row says so, exit 4, the others are still checked', async () => {
    store({ good: { token: s.token }, gone: { token: 'f'.repeat(40) } });
    const r = await s.kettle(['login', 'status', '--json']);
    expectExit(r, 4);
    const rows = json<Status[]>(r);
    expect(rows.map((x) => [x.name, x.state])).toEqual([
      ['good', 'ok'],
      ['gone', 'rejected'],
    ]);
    expect(r.stderr).toMatch(/^kettle: 1 of 2 logins did not check out: gone \(/);
    expect(r.stderr + r.stdout).not.toContain('f'.repeat(40));
  });

  it('--login NAME, repeated: only those', async () => {
    store({ a: { token: s.token }, b: { token: s.token }, c: { token: s.token } });
    const r = await s.kettle(['login', 'status', '--login', 'c', '--login', 'a', '--json']);
    expectExit(r, 0);
    expect(json<Status[]>(r).map((x) => x.name)).toEqual(['c', 'a']);
  });

  it('a password login: every scope the account has', async () => {
    store({ basic: { auth: 'basic', password: 'alice-password' } });
    const [one] = json<Status[]>(await s.kettle(['login', 'status', '--json']));
    expect(one).toMatchObject({ state: 'ok', scopes: ['all'], secret: 'file' });
  });

  it('KETTLE_URL and KETTLE_TOKEN: that token is checked', async () => {
    const r = await s.kettle(['login', 'status', '--json'], { env: s.ciEnv });
    expectExit(r, 0);
    expect(json<Status[]>(r)).toEqual([expect.objectContaining({ name: 'KETTLE_TOKEN', secret: 'environment', state: 'ok' })]);
  });
});

describe('login token', () => {
  it("prints the login's token into a pipe", async () => {
    store({ main: { token: s.token } });
    const r = await s.kettle(['login', 'token']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`${s.token}\n`);
  });

  it('prints the token even when it came from KETTLE_TOKEN', async () => {
    const r = await s.kettle(['login', 'token'], { env: s.ciEnv });
    expectExit(r, 0);
    expect(r.stdout).toBe(`${s.token}\n`);
  });

  it('on a terminal: exit 2 without --show, nothing printed; with --show, printed', async () => {
    store({ main: { token: s.token } });
    const r = await s.kettle(['login', 'token'], { tty: { stdout: true } });
    expectExit(r, 2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain(s.token);
    const shown = await s.kettle(['login', 'token', '--show'], { tty: { stdout: true } });
    expectExit(shown, 0);
    expect(shown.stdout).toContain(s.token);
  });

  it('--login NAME picks the login; an unknown name is a usage error naming the stored ones', async () => {
    const other = s.server.state.addToken('alice', 'other').sha1;
    store({ main: { token: s.token }, other: { token: other } });
    expect((await s.kettle(['login', 'token', '--login', 'other'])).stdout).toBe(`${other}\n`);
    const r = await s.kettle(['login', 'token', '--login', 'nope']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/no login named "nope"; stored logins: main, other/);
  });

  it('a password login has no token: one line saying how to mint one', async () => {
    store({ basic: { auth: 'basic', password: 'alice-password' } });
    const r = await s.kettle(['login', 'token']);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^kettle: login "basic" holds a user name and password \(HTTP Basic\), not a token; .*--user alice\n$/);
    expect(r.stderr).not.toContain('alice-password');
  });

  it('not logged in: exit 4 with what to do', async () => {
    const r = await s.kettle(['login', 'token']);
    expectExit(r, 4);
    expect(r.stderr).toMatch(/not logged in/);
  });
});
