// The in-process runner itself (test/support/inprocess.ts): it must stand in
// for a spawned kettle without sharing anything with the test process: not its
// environment, its config folder, its exit status or its terminal.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requestLog } from '../server/log.js';
import { json } from '../support/harness.js';
import { expectExit, rows, useServer } from '../support/suite.js';
import { kettle } from '../support/inprocess.js';

const s = useServer({ runner: 'in-process' });

const saved = { debug: process.env.KETTLE_DEBUG, gitDir: process.env.GIT_DIR, exitCode: process.exitCode };
afterEach(() => {
  for (const [name, value] of [
    ['KETTLE_DEBUG', saved.debug],
    ['GIT_DIR', saved.gitDir],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  process.exitCode = saved.exitCode;
});

describe('what it shares with the test process: nothing', () => {
  it('tells the contract check which command sent each request', async () => {
    const args = ['issue', 'view', '1', '-R', 'alice/teapot', '--json'];
    expectExit(await s.kettle(args), 0);
    const mine = requestLog.filter((e) => e.request.path === '/repos/alice/teapot/issues/1');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.running).toEqual([args]);
  });

  it('does not see the variables of the process that runs the tests', async () => {
    process.env.KETTLE_DEBUG = '1';
    const r = await s.kettle(['whoami', '--json']);
    expectExit(r, 0);
    expect(r.stderr).toBe('');
    expect(json<{ login: string }>(r).login).toBe('alice');
  });

  it('runs git with the environment of the command, not of the test process', async () => {
    const checkout = join(s.dir, 'checkout');
    execFileSync('git', ['init', '-q', checkout]);
    execFileSync('git', ['-C', checkout, 'remote', 'add', 'origin', `${s.server.url}/alice/teapot.git`]);
    // A git that saw this would look for the repository elsewhere and find no remote.
    process.env.GIT_DIR = join(s.dir, 'not-a-repository');
    const r = await s.kettle(['repo', 'view', '--json', '--fields', 'full_name'], { cwd: checkout });
    expectExit(r, 0);
    expect(json(r)).toEqual({ full_name: 'alice/teapot' });
  });

  it('leaves the process exit status alone, whatever the command answers', async () => {
    process.exitCode = undefined;
    expectExit(await s.kettle(['issue', 'view', '99', '-R', 'alice/teapot']), 1);
    expectExit(await s.kettle(['issue', 'list', '--state', 'shut']), 2);
    expect(process.exitCode).toBeUndefined();
  });

  it('gives each run without HOME or KETTLE_CONFIG_DIR a config folder of its own', async () => {
    const added = await kettle(['login', 'add', '--url', s.server.url, '--token', s.token]);
    expectExit(added, 0);
    expect(added.stderr).toContain('saved as login');
    const listed = await kettle(['login', 'list', '--json']);
    expectExit(listed, 0);
    expect(json(listed)).toEqual([]);
  });
});

describe('terminals, which a spawned kettle with pipes cannot have', () => {
  it('prints a table on a terminal and tab-separated rows on a pipe', async () => {
    const table = await s.kettle(['issue', 'list', '-R', 'alice/teapot'], { tty: true, columns: 100, env: { NO_COLOR: '1' } });
    expectExit(table, 0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\s*NUMBER\s+TITLE/);
    expect(table.stdout).not.toContain('\t');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    const piped = await s.kettle(['issue', 'list', '-R', 'alice/teapot']);
    expect(rows(piped.stdout).map((row) => row[0])).toEqual(lines.slice(1).map((line) => line.trim().split(/\s+/)[0]));
  });

  it('wraps help to the width of a terminal, and narrower off one', async () => {
    const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));
    const wide = await s.kettle(['issue', 'create', '--help'], { tty: true, columns: 200 });
    const piped = await s.kettle(['issue', 'create', '--help'], { columns: 200 });
    expectExit(wide, 0);
    expectExit(piped, 0);
    // Examples are never wrapped: the widest line off a terminal may pass 80, but not what wraps.
    expect(widest(wide.stdout)).toBeGreaterThan(widest(piped.stdout));
    expect(wide.stdout.split('\n').length).toBeLessThan(piped.stdout.split('\n').length);
  });
});
