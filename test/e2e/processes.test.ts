// kettle as one process among others: pipes that close early, signals during
// a slow request, several kettles saving logins at once, and the file modes of
// the config it writes.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { age, BIN, deadPid } from '../support/harness.js';
import { useServer } from '../support/suite.js';

const s = useServer({ login: 'none' });

beforeAll(() => {
  s.server.state.bulkIssues(s.server.state.addRepo('alice', 'bulk', { init: true }), 'alice', 2000);
});

const configFile = () => join(s.configDir, 'config.json');

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: s.configDir, KETTLE_CONFIG_DIR: s.configDir, ...extra };
}

/** Poll until a condition holds (bounded), instead of sleeping a fixed time. */
async function until(what: string, check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

describe('pipes', () => {
  it.each([
    ['plain rows', ''],
    ['JSON', ' --json'],
  ])('`kettle issue list --all | head -1` ends quietly (%s)', async (_label, flag) => {
    const script = `node "${BIN}" issue list -R alice/bulk --all${flag} | head -1; echo "kettle exited \${PIPESTATUS[0]}" >&2`;
    const child = spawn('bash', ['-c', script], { cwd: s.dir, env: env(s.ciEnv) });
    child.stdin.end();
    const r = await exited(child);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(2);
    expect(r.stdout).toMatch(flag ? /^\[\n$/ : /^2000\t/);
    // Exit 0, and not one word about EPIPE or a stack.
    expect(r.stderr).toBe('kettle exited 0\n');
    // It really did fetch every page before the reader went away.
    expect(s.server.requests.filter((q) => q.path === '/repos/alice/bulk/issues').length).toBeGreaterThanOrEqual(40);
  });
});

describe('signals during a slow request', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s exits %i without a stack trace and leaves the config as it was', async (signal, status) => {
    expect((await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'one', '--token', s.token])).code).toBe(0);
    const before = readFileSync(configFile());
    s.server.fault({ kind: 'hang', path: '/user' });
    // A login add that is checking the new credentials when the signal comes.
    const child = spawn(process.execPath, [BIN, 'login', 'add', '--url', s.server.url, '--name', 'two', '--token', s.token], { env: env() });
    child.stdin.end();
    const done = exited(child);
    await until('the request to reach the server', () => s.server.requests.some((q) => q.path === '/user' && q.fault === 'hang'));
    child.kill(signal);
    const r = await done;
    expect(r.code).toBe(status);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/\bat |Error/);
    expect(readFileSync(configFile())).toEqual(before);
    expect(existsSync(join(s.configDir, 'config.json.lock'))).toBe(false);
  });

  it('SIGINT during a slow list prints nothing partial', async () => {
    s.server.fault({ kind: 'hang', path: '/repos/alice/bulk/issues', skip: 2 });
    const child = spawn(process.execPath, [BIN, 'issue', 'list', '-R', 'alice/bulk', '--all', '--json'], {
      env: env(s.ciEnv),
    });
    child.stdin.end();
    const done = exited(child);
    await until('the third page to hang', () => s.server.requests.some((q) => q.fault === 'hang'));
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
  });
});

describe('several kettles saving logins at once', () => {
  it('loses none of eight concurrent login adds', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `parallel-${i}`);
    const results = await Promise.all(names.map((name) => s.kettle(['login', 'add', '--url', s.server.url, '--name', name, '--token', s.token])));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const cfg = JSON.parse(readFileSync(configFile(), 'utf8')) as { default: string; logins: Record<string, unknown> };
    expect(Object.keys(cfg.logins).sort()).toEqual(names);
    expect(names).toContain(cfg.default);
    // Exactly one of them was told it became the default.
    expect(results.filter((r) => r.stderr.includes('(default)'))).toHaveLength(1);
    expect(existsSync(join(s.configDir, 'config.json.lock'))).toBe(false);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  it('takes over a lock left behind by a process that is gone', async () => {
    writeFileSync(join(s.configDir, 'config.json.lock'), String(deadPid()));
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'after-crash', '--token', s.token]);
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(configFile(), 'utf8')).logins)).toEqual(['after-crash']);
  });

  it('loses none of eight concurrent login adds that all find the same stale lock', async () => {
    writeFileSync(join(s.configDir, 'config.json.lock'), String(deadPid()));
    const names = Array.from({ length: 8 }, (_, i) => `stale-${i}`);
    const results = await Promise.all(names.map((name) => s.kettle(['login', 'add', '--url', s.server.url, '--name', name, '--token', s.token])));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(configFile(), 'utf8')).logins).sort()).toEqual(names);
    expect(existsSync(join(s.configDir, 'config.json.lock'))).toBe(false);
    expect(existsSync(join(s.configDir, 'config.json.lock.takeover'))).toBe(false);
  });

  it('takes over a lock held far too long, even by a live process', async () => {
    const lock = join(s.configDir, 'config.json.lock');
    writeFileSync(lock, String(process.pid));
    age(lock, 60_000);
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'late', '--token', s.token]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });
});

describe('file modes', () => {
  it('creates the config 0600 in a 0700 folder', async () => {
    const sub = join(s.configDir, 'fresh');
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token], { env: { KETTLE_CONFIG_DIR: sub } });
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(join(sub, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(sub).mode & 0o777).toBe(0o700);
  });

  it.each([0o644, 0o640, 0o604])('repairs a config of mode %o with a warning, and keeps working', async (mode) => {
    expect((await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'one', '--token', s.token])).code).toBe(0);
    chmodSync(configFile(), mode);
    const r = await s.kettle(['login', 'list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^kettle: warning: the config file .* was readable by others \(mode \d+\); it is now 0600\n$/);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(r.stderr + r.stdout).not.toContain(s.token);
  });
});
