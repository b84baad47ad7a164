// The README's playground, followed as a newcomer would: `npm run demo --
// --serve` as its own process (the built dist/dev/demo.js), then the README's
// "Try it" commands run word for word by bash, with the built kettle and real
// git, in a throw-away HOME. git's password prompt is answered as a person
// would answer it (GIT_ASKPASS), which also shows that pushing asked for one.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, ROOT, tempDir } from '../support/harness.js';

const DEMO = join(ROOT, 'dist', 'dev', 'demo.js');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** The README section's fenced shell blocks, in order. */
function readmeBlocks(heading: string): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`README has no section ${heading}`);
  const end = readme.indexOf('\n## ', at + 1);
  const section = readme.slice(at, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] as string);
}

const root = tempDir('kettle-playground-');
const home = join(root.path, 'home');
const work = join(root.path, 'work');
const demoTmp = join(root.path, 'tmp');
let demo: ChildProcess | undefined;
let url = '';
let banner = '';

beforeAll(async () => {
  // The bundle of the demo and its server, rebuilt when older than their sources (vitest alone builds only the CLI).
  const sources = Math.max(newest(join(ROOT, 'test', 'server')), statSync(join(ROOT, 'test', 'demo.ts')).mtimeMs);
  if (!existsSync(DEMO) || statSync(DEMO).mtimeMs < sources) execFileSync('npm', ['run', '--silent', 'build:dev'], { cwd: ROOT, stdio: 'ignore' });
  for (const dir of [home, work, demoTmp]) mkdirSync(dir);
  demo = spawn(process.execPath, [DEMO, '--serve'], { cwd: ROOT, env: { ...baseEnv(), HOME: home, TMPDIR: demoTmp }, stdio: ['ignore', 'pipe', 'pipe'] });
  const child = demo;
  banner = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Press Ctrl-C')) resolve(out);
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`demo exited (${code}): ${err}`)));
  });
  url = /^kettle demo server: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(banner)?.[1] ?? '';
}, 60_000);

afterAll(async () => {
  const child = demo;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  // The demo threw its repositories away on the way out.
  const left = existsSync(demoTmp) ? readdirSync(demoTmp) : [];
  root.cleanup();
  expect(left).toEqual([]);
});

describe('npm run demo -- --serve', () => {
  it('prints its address, every user with a password that logs in, and how to run kettle', () => {
    expect(url).not.toBe('');
    for (const user of ['alice', 'bob', 'carol']) expect(banner).toMatch(new RegExp(`^ +${user} +password ${user}-password$`, 'm'));
    expect(banner).toContain(`alias kettle='node ${join(ROOT, 'bin', 'kettle.cjs')}'`);
    expect(banner).toMatch(new RegExp(`^  URL=${url}$`, 'm'));
    expect(banner).toContain('kettle login add --url $URL --user alice');
  });

  it("the README's walkthrough: password logins, clone, pr checkout, push a branch, open, review and merge a pull request, cut a release", () => {
    const [setup, steps] = readmeBlocks('## Try it: the demo playground');
    expect(setup).toMatch(/^URL=http:\/\/127\.0\.0\.1:PORT /m);
    expect(steps).toBeDefined();
    // A newcomer's own git set-up: a name and address for commits.
    writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = Alice Liddell\n\temail = alice@example.com\n[init]\n\tdefaultBranch = main\n');
    const asked = join(root.path, 'asked.txt');
    const askpass = join(root.path, 'askpass.sh');
    writeFileSync(askpass, `#!/bin/sh\necho "$1" >> '${asked}'\ncase "$1" in Username*) echo alice ;; *) echo alice-password ;; esac\n`);
    chmodSync(askpass, 0o755);
    const script = join(root.path, 'walkthrough.sh');
    const setupLines = (setup as string).replace(/^URL=http:\/\/127\.0\.0\.1:PORT/m, `URL=${url}`);
    writeFileSync(script, ['set -ex', 'shopt -s expand_aliases', `cd '${ROOT}'`, setupLines, `cd '${work}'`, steps as string].join('\n'));
    const env = { ...baseEnv(), HOME: home, GIT_ASKPASS: askpass, GIT_CONFIG_NOSYSTEM: '1' };
    let output = '';
    try {
      output = execFileSync('bash', [script], { cwd: work, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; status?: number };
      throw new Error(`walkthrough failed (exit ${e.status}):\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
    }
    const clone = join(work, 'teapot');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, env, encoding: 'utf8' }).trim();
    const kettle = (...args: string[]) => execFileSync(process.execPath, [join(ROOT, 'bin', 'kettle.cjs'), ...args], { cwd: clone, env, encoding: 'utf8' });

    // Logged in with passwords: tokens were minted, no password was stored.
    const config = readdirSync(join(home, '.config', 'kettle'))
      .map((f) => readFileSync(join(home, '.config', 'kettle', f), 'utf8'))
      .join('\n');
    expect(config).toContain('"bob"');
    expect(config).not.toContain('-password');
    // git asked for credentials on push, and only then.
    expect(readFileSync(asked, 'utf8').split('\n').filter(Boolean)).toEqual([`Username for '${url}': `, `Password for 'http://alice@${url.slice('http://'.length)}': `]);
    // pr checkout made the head of #5 a local branch.
    expect(git('log', '-1', '--format=%s', 'feature/lid')).toBe('Quieter lid');
    // The pull request: opened by alice from the pushed branch, approved by bob, squash-merged by alice, in git too.
    const pr = JSON.parse(kettle('pr', 'view', '6', '--json')) as Record<string, any>;
    expect(pr).toMatchObject({ title: 'Stop the spout dripping', merged: true, merged_by: { login: 'alice' }, head: { ref: 'quiet-spout' }, base: { ref: 'main' } });
    // What the user created carries the time of day, not the sample data's.
    expect(Math.abs(Date.parse(pr.created_at as string) - Date.now())).toBeLessThan(10 * 60_000);
    const reviews = JSON.parse(kettle('api', '/repos/alice/teapot/pulls/6/reviews')) as Array<Record<string, any>>;
    expect(reviews.map((r) => [r.user.login, r.state])).toContainEqual(['bob', 'APPROVED']);
    expect(git('log', '-1', '--format=%s%n%an', 'main')).toBe('Stop the spout dripping (#6)\nAlice Liddell');
    expect(git('rev-parse', 'main')).toBe(git('rev-parse', 'origin/main'));
    expect(git('show', 'main:spout.md')).toBe('No more drips.');
    // The release made its tag in git, at the merge.
    expect(git('rev-parse', 'v1.2^{commit}')).toBe(git('rev-parse', 'main'));
    expect(output.split('\n')).toContain('v1.2');
    const release = JSON.parse(kettle('release', 'view', 'v1.2', '--json')) as Record<string, any>;
    expect(release).toMatchObject({ tag_name: 'v1.2', name: 'Teapot 1.2', body: 'No more drips', draft: false });
    // The server lists the pushed branch.
    const branches = JSON.parse(kettle('api', '/repos/alice/teapot/branches')) as Array<Record<string, any>>;
    expect(branches.map((b) => b.name)).toContain('quiet-spout');
  }, 120_000);

  it("the README's part three and its tour of every command group: Actions runs, logs, artifacts and a dispatch on the newest Gitea, git asking kettle, an AGit pull request merged", () => {
    const [setup, , actions, around] = readmeBlocks('## Try it: the demo playground');
    expect(actions).toContain('kettle pr create --agit');
    expect(around).toBeDefined();
    const clone = join(work, 'teapot');
    expect(existsSync(clone), 'the walkthrough above left its clone').toBe(true);
    const asked = join(root.path, 'asked.txt');
    const promptsBefore = readFileSync(asked, 'utf8');
    const script = join(root.path, 'part-three.sh');
    const setupLines = (setup as string).replace(/^URL=http:\/\/127\.0\.0\.1:PORT/m, `URL=${url}`);
    writeFileSync(script, ['set -ex', 'shopt -s expand_aliases', `cd '${ROOT}'`, setupLines, `cd '${clone}'`, actions as string, around as string].join('\n'));
    const env = { ...baseEnv(), HOME: home, GIT_ASKPASS: join(root.path, 'askpass.sh'), GIT_CONFIG_NOSYSTEM: '1' };
    let output = '';
    try {
      output = execFileSync('bash', [script], { cwd: clone, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; status?: number };
      throw new Error(`part three failed (exit ${e.status}):\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
    }
    const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, env, encoding: 'utf8' }).trim();
    const kettle = (...args: string[]) => execFileSync(process.execPath, [join(ROOT, 'bin', 'kettle.cjs'), ...args], { cwd: clone, env, encoding: 'utf8' });
    // The server is the newest release kettle knows, and kettle knows it.
    expect(JSON.parse(kettle('api', '/version'))).toEqual({ version: '1.27.0' });
    // workflow list, run list, run view --log and run download answered.
    expect(output).toMatch(/^ci\.yml\tCI\tactive\t/m);
    expect(output).toMatch(/^\d+\tci\.yml\tQuieter lid\tmain\tpush\tsuccess\t/m);
    expect(output).toContain('ok 1 - the lid is quiet\n');
    expect(readFileSync(join(clone, 'test-report.zip'), 'utf8')).toContain('ok 2 - the spout pours');
    const runs = JSON.parse(kettle('run', 'list', '--json')) as Array<Record<string, any>>;
    expect(runs.map((r) => [r.event, r.path])).toContainEqual(['workflow_dispatch', expect.stringContaining('deploy.yml')]);
    // The AGit push made pull request #7 with no branch on the server, asking kettle (not the user) for credentials; merged in git.
    expect(readFileSync(asked, 'utf8')).toBe(promptsBefore);
    const pr = JSON.parse(kettle('pr', 'view', '7', '--json')) as Record<string, any>;
    expect(pr).toMatchObject({ title: 'Felt lid', merged: true, head: { ref: 'refs/pull/7/head', label: '' }, base: { ref: 'main' } });
    expect(git('show', 'main:lid.md')).toBe('Felt under the lid.');
    expect(git('rev-parse', 'main')).toBe(git('rev-parse', 'origin/main'));
    // The tour of the other groups printed what they list.
    expect(output.split('\n')).toContain('eu-west');
    expect(output).toMatch(/^wonderland\/tea-party\t/m);
  }, 180_000);
});
