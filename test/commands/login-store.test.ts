// The stored logins' folder and file when something is wrong with them: one
// plain line naming the path and what is wrong, never a raw system error or a
// crash; and logins added twice for one account.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, baseEnv, json, type RunResult, tempDir } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process', login: 'none' });

/** kettle login add against the suite's server, as alice. */
function add(extra: string[] = [], env: Record<string, string> = {}): Promise<RunResult> {
  return s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, ...extra], { env });
}

/** One `kettle:` line on stderr, exit 1, nothing on stdout. */
function expectOneLine(r: RunResult, message: RegExp): void {
  expectExit(r, 1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^kettle: [^\n]*\n$/);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/unexpected error|\bE(EXIST|ACCES|PERM|NOTDIR|NOENT|ISDIR)\b|\n\s+at /);
}

describe('a config folder that cannot be made', () => {
  it.each([
    ['a file where the folder should be', (file: string) => file, /cannot create the config folder .*: it is a file, not a folder/],
    ['a folder under a file', (file: string) => join(file, 'kettle'), /cannot create the config folder .*kettle: part of the path is a file, not a folder/],
  ])('%s: one line naming the folder, exit 1', async (_name, dirOf, message) => {
    const t = tempDir();
    try {
      const file = join(t.path, 'plain-file');
      writeFileSync(file, 'not a folder');
      const dir = dirOf(file);
      const r = await add([], { KETTLE_CONFIG_DIR: dir });
      expectOneLine(r, message);
      expect(r.stderr).toContain(dir);
    } finally {
      t.cleanup();
    }
  });

  it('missing folders above the config folder are made, 0700', async () => {
    const t = tempDir();
    try {
      const dir = join(t.path, 'a', 'b', 'kettle');
      expectExit(await add([], { KETTLE_CONFIG_DIR: dir }), 0);
      expect(Object.keys(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).logins)).toEqual([new URL(s.server.url).host]);
      for (const folder of [join(t.path, 'a'), join(t.path, 'a', 'b'), dir]) expect(statSync(folder).mode & 0o777).toBe(0o700);
    } finally {
      t.cleanup();
    }
  });

  it('a config file that is a folder: one line naming it', async () => {
    mkdirSync(join(s.configDir, 'config.json'));
    expectOneLine(await s.kettle(['login', 'list']), /cannot read the config file .*config\.json: it is a folder, not a file/);
    expectOneLine(await add(), /cannot read the config file .*config\.json: it is a folder, not a file/);
  });
});

// Node's recursive mkdir spins on procfs, which answers "no such file" to
// every folder made there, and the process then ignores SIGINT and SIGTERM:
// only a process shows that, so the built binary runs, with a deadline.
describe.runIf(existsSync('/proc/self'))('a config folder on procfs', () => {
  it('login add with KETTLE_CONFIG_DIR=/proc/kettle says so and exits 1 at once', async () => {
    const env = { ...baseEnv(), HOME: s.configDir, KETTLE_CONFIG_DIR: '/proc/kettle' };
    const child = spawn(process.execPath, [BIN, 'login', 'add', '--url', s.server.url, '--token', s.token], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, sig) => resolve([c, sig])));
    clearTimeout(timer);
    expect(signal, 'killed after 8 s: it hung').toBeNull();
    expectOneLine({ code, signal, stdout, stderr }, /^kettle: cannot create the config folder \/proc\/kettle: /);
  });
});

describe('a hand-edited config file', () => {
  const login = (fields: Record<string, unknown>) => ({ url: `${s.server.url}/api/v1`, auth: 'header', token: s.token, user: 'alice', ...fields });
  const write = (config: unknown) => {
    writeFileSync(join(s.configDir, 'config.json'), JSON.stringify(config));
    chmodSync(join(s.configDir, 'config.json'), 0o600);
  };

  it.each([
    ['a number as the url', { url: 5 }, /login "work" has a "url" that is not a string \(5\)/],
    ['no url', { url: undefined }, /login "work" has a "url" that is not a string \(missing\)/],
    ['a url that is no web address', { url: 'ftp://example.com' }, /login "work" has a "url" that is not an http or https address/],
    ['an unknown auth', { auth: 'cookie' }, /login "work" has an "auth" that is not one of header, query, basic \("cookie"\)/],
    ['a number as the token', { token: 1234 }, /login "work" has a "token" that is not a string/],
    ['a string as insecure', { insecure: 'yes' }, /login "work" has an "insecure" that is not true or false/],
    ['an unknown git protocol', { gitProtocol: 'ftp' }, /login "work" has a "gitProtocol" that is not https or ssh/],
  ])('%s: login list and other commands say which login and field, in one line', async (_name, fields, message) => {
    write({ default: 'work', logins: { work: login(fields) } });
    for (const args of [['login', 'list'], ['whoami'], ['issue', 'list', '-R', 'alice/teapot']]) {
      const r = await s.kettle(args);
      expectOneLine(r, message);
      expect(r.stderr).toContain(join(s.configDir, 'config.json'));
    }
  });

  it('a login that is not an object, and logins that are not an object', async () => {
    write({ logins: { work: 'https://example.com' } });
    expectOneLine(await s.kettle(['login', 'list']), /login "work" is not a JSON object/);
    write({ logins: ['work'] });
    expectOneLine(await s.kettle(['login', 'list']), /"logins" is not a JSON object/);
  });

  it('the secret of a broken login is never quoted back', async () => {
    write({ logins: { work: login({ token: ['s3cr3t-token-value'] }) } });
    const r = await s.kettle(['login', 'list']);
    expectExit(r, 1);
    expect(r.stderr).not.toContain('s3cr3t-token-value');
  });

  it('the broken login can be deleted, and the others then work', async () => {
    write({ default: 'good', logins: { good: login({}), work: login({ url: 5 }) } });
    const del = await s.kettle(['login', 'delete', 'work']);
    expectExit(del, 0);
    const list = await s.kettle(['login', 'list', '--json']);
    expectExit(list, 0);
    expect(json<{ name: string }[]>(list).map((l) => l.name)).toEqual(['good']);
  });

  it('deleting a login from no config makes no config folder', async () => {
    const t = tempDir();
    try {
      const dir = join(t.path, 'kettle');
      const r = await s.kettle(['login', 'delete', 'work'], { env: { KETTLE_CONFIG_DIR: dir } });
      expectExit(r, 2);
      expect(r.stderr).toMatch(/no login named "work"/);
      expect(existsSync(dir)).toBe(false);
    } finally {
      t.cleanup();
    }
  });
});

describe('one account under a second name', () => {
  it('is stored as asked, with a note naming the login that already serves it', async () => {
    expectExit(await add(['--name', 'first']), 0);
    const second = await add(['--name', 'second']);
    expectExit(second, 0);
    expect(second.stderr).toMatch(/note: login "first" already serves alice on http:\/\/127\.0\.0\.1:\d+; "second" is stored beside it/);
    const list = await s.kettle(['login', 'list', '--json']);
    expect(
      json<{ name: string }[]>(list)
        .map((l) => l.name)
        .sort(),
    ).toEqual(['first', 'second']);
  });

  it('says nothing for a different account or when a login is replaced under its own name', async () => {
    expectExit(await add(['--name', 'first']), 0);
    const again = await add(['--name', 'first']);
    expectExit(again, 0);
    expect(again.stderr).not.toMatch(/already serves/);
    const bob = await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.server.addToken('bob'), '--name', 'bob']);
    expectExit(bob, 0);
    expect(bob.stderr).not.toMatch(/already serves/);
  });
});

describe('a second login on one server (issue 34, 3)', () => {
  it("keeps another account's login: without --name the new one gets a name of its own, said on stderr", async () => {
    const host = new URL(s.server.url).host;
    expectExit(await add(), 0);
    const bob = s.server.addToken('bob');
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--token', bob]);
    expectExit(r, 0);
    expect(r.stderr).toContain(`kettle: login "${host}" is another account's and stays; this one is saved as "${host}-bob" (use it with --login ${host}-bob)`);
    const list = json<Array<{ name: string; user: string }>>(await s.kettle(['login', 'list', '--json']));
    expect(list.map((l) => [l.name, l.user])).toEqual([
      [host, 'alice'],
      [`${host}-bob`, 'bob'],
    ]);
  });

  it("replacing a login's credential says what it replaced", async () => {
    const host = new URL(s.server.url).host;
    expectExit(await add(), 0);
    const again = await add();
    expectExit(again, 0);
    expect(again.stderr).toContain(`kettle: login "${host}" already served alice on it; its credential is replaced; a token it held stays valid on the server until revoked there`);
    expect(again.stderr).toMatch(/updated login/);
  });
});
