// Where logins keep their secrets: a real Secret Service (GNOME Keyring on a
// private session bus this file starts, and stops), and none (no bus, or a bus
// that never answers). The keyring is read back with secret-tool, as a user
// would look. The bus and the daemon: test/support/desktop.ts. Needs
// dbus-daemon, gnome-keyring-daemon and secret-tool (Debian: dbus,
// gnome-keyring, libsecret-tools; .ci/run installs them): without them this
// file fails, saying so, rather than passing untested.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Desktop } from '../support/desktop.js';
import { baseEnv, json, tempDir } from '../support/harness.js';
import { oauth, registerApp, signIn } from '../server/oauth.js';
import { expectExit, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process', login: 'none' });

interface StoredFile {
  version?: number;
  default?: string;
  logins: Record<string, { token?: string; password?: string; keyring?: { service: string; account: string }; insecureStorage?: boolean; scopes?: string[] }>;
}

function config(): StoredFile {
  return JSON.parse(readFileSync(join(s.configDir, 'config.json'), 'utf8')) as StoredFile;
}

describe('with a Secret Service (GNOME Keyring)', () => {
  const desk = new Desktop();
  beforeAll(() => desk.start(), 30_000);
  afterAll(() => desk.stop());
  const kettle = (args: string[], opts: { input?: string; tty?: { stdout?: boolean } } = {}) => s.kettle(args, { env: { DBUS_SESSION_BUS_ADDRESS: desk.address }, ...opts });
  const add = (name: string, extra: string[] = []) => kettle(['login', 'add', '--url', s.server.url, '--name', name, '--with-token', ...extra], { input: s.token });

  it('login add keeps the token in the keyring, the config file only where to find it; every command reads it from there', async () => {
    const r = await add('desk');
    expectExit(r, 0);
    expect(r.stderr).not.toMatch(/config file|keyring/);
    const stored = config().logins.desk;
    expect(stored?.token).toBeUndefined();
    expect(readFileSync(join(s.configDir, 'config.json'), 'utf8')).not.toContain(s.token);
    expect(stored?.keyring?.service).toBe(`kettle:${s.server.url}`);
    expect(desk.lookup(stored?.keyring as { service: string; account: string })).toBe(s.token);
    expect(config().version).toBe(2);

    const who = await kettle(['whoami', '--json']);
    expectExit(who, 0);
    expect(json<{ login: string }>(who).login).toBe('alice');
    expect(json<{ name: string; secret: string }[]>(await kettle(['login', 'list', '--json'])).map((l) => [l.name, l.secret])).toEqual([['desk', 'keyring']]);
  });

  it("reads the secret with secret-tool where it is installed, and through the binding's helper where it is not", async () => {
    expectExit(await add('desk'), 0);
    const ref = config().logins.desk?.keyring as { service: string; account: string };
    const path = baseEnv().PATH ?? '';
    const real = spawnSync('sh', ['-c', 'command -v secret-tool'], { encoding: 'utf8', env: { PATH: path } }).stdout.trim();
    const dir = tempDir('kettle-secret-tool-');
    try {
      // A secret-tool first on PATH that notes how it was asked, then runs the real one.
      const calls = join(dir.path, 'calls');
      writeFileSync(join(dir.path, 'secret-tool'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
      const quick = await s.kettle(['whoami', '--json'], { env: { DBUS_SESSION_BUS_ADDRESS: desk.address, PATH: `${dir.path}:${path}` } });
      expectExit(quick, 0);
      expect(json<{ login: string }>(quick).login).toBe('alice');
      expect(readFileSync(calls, 'utf8')).toBe(`lookup service ${ref.service} username ${ref.account}\n`);
      // No secret-tool on PATH (an empty folder): the helper process reads it.
      const empty = join(dir.path, 'empty');
      mkdirSync(empty);
      const helper = await s.kettle(['whoami', '--json'], { env: { DBUS_SESSION_BUS_ADDRESS: desk.address, PATH: empty } });
      expectExit(helper, 0);
      expect(json<{ login: string }>(helper).login).toBe('alice');
    } finally {
      dir.cleanup();
    }
  });

  it('login token reads it back (a pipe); on a terminal only with --show', async () => {
    expectExit(await add('desk'), 0);
    const r = await kettle(['login', 'token']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`${s.token}\n`);
    const tty = await kettle(['login', 'token'], { tty: { stdout: true } });
    expectExit(tty, 2);
    expect(tty.stdout).toBe('');
    expect(tty.stderr).toMatch(/^kettle: standard output is a terminal: .*--show/);
    expect(tty.stderr).not.toContain(s.token);
    const shown = await kettle(['login', 'token', '--show'], { tty: { stdout: true } });
    expectExit(shown, 0);
    expect(shown.stdout).toContain(s.token);
  });

  it('login status says the secret is in the keyring and checks the login against the server', async () => {
    expectExit(await add('desk'), 0);
    const r = await kettle(['login', 'status', '--json']);
    expectExit(r, 0);
    expect(json(r)).toEqual([expect.objectContaining({ name: 'desk', user: 'alice', secret: 'keyring', state: 'ok', expires: 'never' })]);
    expect(r.stdout).not.toContain(s.token);
  });

  it("git's credential helper answers with the token read from the keyring", async () => {
    expectExit(await add('desk'), 0);
    const host = new URL(s.server.url).host;
    const r = await kettle(['login', 'git-credential', 'get'], { input: `protocol=http\nhost=${host}\n\n` });
    expectExit(r, 0);
    expect(r.stdout).toBe(`username=alice\npassword=${s.token}\n`);
  });

  it('login delete removes the secret from the keyring', async () => {
    expectExit(await add('desk'), 0);
    const ref = config().logins.desk?.keyring as { service: string; account: string };
    const r = await kettle(['login', 'delete', 'desk']);
    expectExit(r, 0);
    expect(r.stderr).toContain('Deleted login "desk" and its secret in the keyring');
    expect(desk.lookup(ref)).toBeUndefined();
    expect(config().logins).toEqual({});
  });

  it('a browser login (--web): the token and its refresh token in the keyring; renewed into the same items; delete removes both', async () => {
    const app = registerApp(s.server.state, 'alice', ['http://127.0.0.1']);
    const browser = {
      KETTLE_BROWSER: `${process.execPath} ${join(import.meta.dirname, '..', 'support', 'oauth-browser.mjs')}`,
      OAUTH_BROWSER_COOKIE: signIn(s.server.state, 'alice'),
    };
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'web', '--web', '--client-id', app.clientId], { env: { DBUS_SESSION_BUS_ADDRESS: desk.address, ...browser } });
    expectExit(r, 0);
    const stored = config().logins.web as { token?: string; keyring?: { service: string; account: string }; oauth?: { refreshToken?: string; refreshKeyring?: { service: string; account: string } } };
    expect(stored.token).toBeUndefined();
    expect(stored.oauth?.refreshToken).toBeUndefined();
    const access = desk.lookup(stored.keyring as { service: string; account: string });
    const refresh = desk.lookup(stored.oauth?.refreshKeyring as { service: string; account: string });
    expect(oauth(s.server.state).access.get(access ?? '')?.login).toBe('alice');
    expect(oauth(s.server.state).refresh.has(refresh ?? '')).toBe(true);
    expectExit(await kettle(['login', 'refresh', '--login', 'web']), 0);
    const renewed = config().logins.web as typeof stored;
    expect(renewed.keyring).toEqual(stored.keyring);
    expect(desk.lookup(stored.keyring as { service: string; account: string })).not.toBe(access);
    expect(desk.lookup(stored.oauth?.refreshKeyring as { service: string; account: string })).not.toBe(refresh);
    expectExit(await kettle(['whoami']), 0);
    expectExit(await kettle(['login', 'delete', 'web']), 0);
    expect(desk.lookup(stored.keyring as { service: string; account: string })).toBeUndefined();
    expect(desk.lookup(stored.oauth?.refreshKeyring as { service: string; account: string })).toBeUndefined();
  });

  it('--dry-run: login add stores nothing in the keyring or the file, login delete leaves both, login refresh renews nothing; each change is a line, secrets as ***', async () => {
    const file = join(s.configDir, 'config.json');
    const dryAdd = await kettle(['--dry-run', 'login', 'add', '--url', s.server.url, '--name', 'desk', '--with-token'], { input: s.token });
    expectExit(dryAdd, 0);
    const [store, write, chosen, ...more] = dryAdd.stdout.split('\n');
    const account = new RegExp(`^store in the keyring: kettle:${s.server.url} (alice/desk/\\w+) = \\*\\*\\*$`).exec(store ?? '')?.[1];
    expect(account, dryAdd.stdout).toBeDefined();
    expect(write).toMatch(
      new RegExp(
        `^write ${file}: login "desk" = \\{"url":"${s.server.url}/api/v1","auth":"header","user":"alice","added":"[^"]+","keyring":\\{"service":"kettle:${s.server.url}","account":"${account}"\\}\\}$`,
      ),
    );
    expect([chosen, ...more]).toEqual([`write ${file}: default = "desk"`, '']);
    expect(dryAdd.stdout + dryAdd.stderr).not.toContain(s.token);
    expect(desk.lookup({ service: `kettle:${s.server.url}`, account: account ?? '' })).toBeUndefined();
    expect(existsSync(file)).toBe(false);

    expectExit(await add('desk'), 0);
    const ref = config().logins.desk?.keyring as { service: string; account: string };
    const text = readFileSync(file, 'utf8');
    const dryDelete = await kettle(['--dry-run', 'login', 'delete', 'desk']);
    expectExit(dryDelete, 0);
    expect(dryDelete.stdout).toBe(`remove from the keyring: ${ref.service} ${ref.account}\nwrite ${file}: delete login "desk"\nwrite ${file}: no default login\n`);
    expect(dryDelete.stderr).toContain('✓ Deleted login "desk" and its secret in the keyring (dry run: nothing was changed)');
    expect(desk.lookup(ref)).toBe(s.token);
    expect(readFileSync(file, 'utf8')).toBe(text);

    // A login of an earlier kettle (its token in the file): a dry write shows the move to the keyring, and makes none.
    writeFileSync(file, JSON.stringify({ default: 'desk', logins: { ...config().logins, old: { url: `${s.server.url}/api/v1`, auth: 'header', user: 'alice', token: s.token } } }), { mode: 0o600 });
    const before = readFileSync(file, 'utf8');
    const dryDefault = await kettle(['--dry-run', 'login', 'default', 'old']);
    expectExit(dryDefault, 0);
    const moved = dryDefault.stdout.split('\n');
    expect(moved[0]).toMatch(new RegExp(`^store in the keyring: kettle:${s.server.url} alice/old/\\w+ = \\*\\*\\*$`));
    expect(moved[1]).toMatch(new RegExp(`^write ${file}: login "old" = \\{.*"keyring":`));
    expect(moved.slice(2)).toEqual([`write ${file}: default = "old"`, '']);
    expect(dryDefault.stdout).not.toContain(s.token);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('--dry-run login refresh: the grant is shown (the refresh token as ***) and not sent; the keyring and the file stay as they were', async () => {
    const app = registerApp(s.server.state, 'alice', ['http://127.0.0.1']);
    const browser = {
      KETTLE_BROWSER: `${process.execPath} ${join(import.meta.dirname, '..', 'support', 'oauth-browser.mjs')}`,
      OAUTH_BROWSER_COOKIE: signIn(s.server.state, 'alice'),
    };
    expectExit(await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'web', '--web', '--client-id', app.clientId], { env: { DBUS_SESSION_BUS_ADDRESS: desk.address, ...browser } }), 0);
    const stored = config().logins.web as { keyring?: { service: string; account: string }; oauth?: { refreshKeyring?: { service: string; account: string } } };
    const access = desk.lookup(stored.keyring as { service: string; account: string });
    const refresh = desk.lookup(stored.oauth?.refreshKeyring as { service: string; account: string }) ?? '';
    const text = readFileSync(join(s.configDir, 'config.json'), 'utf8');
    const r = await kettle(['--dry-run', 'login', 'refresh', '--login', 'web']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`POST /access_token grant_type=refresh_token&refresh_token=***&client_id=${app.clientId}\n`);
    expect(r.stderr).toBe('kettle: dry run: POST /access_token shown above was not sent\n');
    expect(r.stdout + r.stderr).not.toContain(refresh);
    expect(oauth(s.server.state).refresh.has(refresh)).toBe(true);
    expect(desk.lookup(stored.keyring as { service: string; account: string })).toBe(access);
    expect(desk.lookup(stored.oauth?.refreshKeyring as { service: string; account: string })).toBe(refresh);
    expect(readFileSync(join(s.configDir, 'config.json'), 'utf8')).toBe(text);
  });

  it('login add again replaces the keyring item and removes the old one', async () => {
    expectExit(await add('desk'), 0);
    const first = config().logins.desk?.keyring as { service: string; account: string };
    expectExit(await add('desk'), 0);
    const second = config().logins.desk?.keyring as { service: string; account: string };
    expect(second.account).not.toBe(first.account);
    expect(desk.lookup(first)).toBeUndefined();
    expect(desk.lookup(second)).toBe(s.token);
  });

  it('a login stored by an earlier kettle (token in the file) keeps working, and moves to the keyring when the file is next written', async () => {
    writeFileSync(join(s.configDir, 'config.json'), JSON.stringify({ default: 'old', logins: { old: { url: `${s.server.url}/api/v1`, auth: 'header', user: 'alice', token: s.token } } }), {
      mode: 0o600,
    });
    expectExit(await kettle(['whoami']), 0);
    expect(config().logins.old?.token).toBe(s.token);
    const r = await kettle(['login', 'default', 'old']);
    expectExit(r, 0);
    expect(r.stderr).toContain('moved the secrets of "old", stored by an earlier kettle, from the config file to the keyring');
    const moved = config().logins.old;
    expect(moved?.token).toBeUndefined();
    expect(desk.lookup(moved?.keyring as { service: string; account: string })).toBe(s.token);
    expectExit(await kettle(['whoami']), 0);
  });

  it('--insecure-storage keeps the token in the 0600 config file, and it stays there', async () => {
    const r = await add('plain', ['--insecure-storage']);
    expectExit(r, 0);
    expect(r.stderr).not.toMatch(/keyring/);
    expect(config().logins.plain).toMatchObject({ token: s.token, insecureStorage: true });
    expect(statSync(join(s.configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expectExit(await kettle(['login', 'default', 'plain']), 0);
    expect(config().logins.plain?.token).toBe(s.token);
    expect(json<{ secret: string }[]>(await kettle(['login', 'list', '--json']))[0]?.secret).toBe('file');
  });

  it('an item removed from the keyring behind kettle: exit 4 saying so, no secret printed', async () => {
    expectExit(await add('desk'), 0);
    desk.clear(config().logins.desk?.keyring as { service: string; account: string });
    const r = await kettle(['whoami']);
    expectExit(r, 4);
    expect(r.stderr).toMatch(/^kettle: the keyring holds no token for login "desk"/);
    expect(r.stdout).toBe('');
  });

  it('a config file written by a newer kettle: one line, exit 1, the file left as it was', async () => {
    const text = JSON.stringify({ version: 9, logins: { x: { url: `${s.server.url}/api/v1`, auth: 'header', vault: { id: 1 } } } });
    writeFileSync(join(s.configDir, 'config.json'), text, { mode: 0o600 });
    for (const args of [['login', 'list'], ['whoami'], ['login', 'delete', 'x']]) {
      const r = await kettle(args);
      expectExit(r, 1);
      expect(r.stderr).toMatch(/^kettle: the config file .* was written by a newer kettle \(format 9; this kettle knows format 2 and earlier\): upgrade kettle; the file is left as it is\n$/);
    }
    expect(readFileSync(join(s.configDir, 'config.json'), 'utf8')).toBe(text);
  });

  // Last: the keyring stays locked afterwards.
  it('a locked keyring: reading is exit 4 naming it; a new login goes to the config file, saying why; deleting changes nothing', async () => {
    expectExit(await add('desk'), 0);
    const ref = config().logins.desk?.keyring as { service: string; account: string };
    await desk.keyring(false);
    const who = await kettle(['whoami']);
    expectExit(who, 4);
    expect(who.stderr).toMatch(/^kettle: login "desk" keeps its token in the keyring, which kettle cannot read: .*locked/);
    expect(who.stderr).not.toContain(s.token);

    const added = await add('later');
    expectExit(added, 0);
    expect(added.stderr).toMatch(/kettle: the keyring refused it \(.*locked.*\): the token is kept in the config file .*config\.json \(mode 0600\)/);
    expect(config().logins.later?.token).toBe(s.token);

    const status = await kettle(['login', 'status', '--json']);
    expectExit(status, 4);
    expect(json<{ name: string; state: string; error: string | null }[]>(status).map((x) => [x.name, x.state, /keyring.*locked/.test(x.error ?? '')])).toEqual([
      ['desk', 'failed', true],
      ['later', 'ok', false],
    ]);

    const del = await kettle(['login', 'delete', 'desk']);
    expectExit(del, 1);
    expect(del.stderr).toMatch(/^kettle: cannot remove the secret of login "desk" from the keyring: .*locked.*; nothing was changed/);
    expect(config().logins.desk?.keyring).toEqual(ref);
  }, 30_000);
});

describe('without a keyring', () => {
  it('no session bus: the token goes to the 0600 config file, and kettle says so once', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'bare', '--with-token'], { input: s.token });
    expectExit(r, 0);
    const notes = r.stderr.split('\n').filter((l) => l.includes('keyring'));
    expect(notes).toEqual([`kettle: no keyring answered (no session bus: DBUS_SESSION_BUS_ADDRESS is not set): the token is kept in the config file ${join(s.configDir, 'config.json')} (mode 0600)`]);
    expect(config().logins.bare).toMatchObject({ token: s.token });
    expect(config().logins.bare?.keyring).toBeUndefined();
    expect(statSync(join(s.configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expectExit(await s.kettle(['whoami']), 0);
    expect(json<{ secret: string }[]>(await s.kettle(['login', 'list', '--json']))[0]?.secret).toBe('file');
  });

  describe('a session bus that never answers', () => {
    const dir = tempDir('kettle-bus-');
    let server: Server;
    const socket = join(dir.path, 'bus');
    beforeAll(() => new Promise<void>((resolve) => (server = createServer(() => undefined).listen(socket, resolve))));
    afterAll(() => {
      server.close();
      dir.cleanup();
    });

    it('counts as no keyring after 5 seconds: the config file, and the note says why', async () => {
      const started = Date.now();
      const r = await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'slow', '--with-token'], { input: s.token, env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` } });
      expectExit(r, 0);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(r.stderr).toContain('kettle: no keyring answered (no answer within 5 seconds): the token is kept in the config file');
      expect(config().logins.slow?.token).toBe(s.token);
      expect(existsSync(socket)).toBe(true);
    }, 20_000);
  });
});
