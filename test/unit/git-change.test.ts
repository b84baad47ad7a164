// A git command that changes something says so (context/git.ts, Change): under
// --dry-run it is shown as one line (kettle's -c settings left out, no
// credential in a URL) and not run; after a push, a read of the server stops
// the command, as after a request.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { DryRun, DryRunStopped } from '../../src/api/dry-run.js';
import { git, gitLine } from '../../src/context/git.js';
import { tempDir } from '../support/harness.js';

const dir = tempDir('kettle-git-change-');
afterAll(() => dir.cleanup());
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const remote = () => execFileSync('git', ['remote', 'get-url', 'origin'], { cwd: dir.path, env, encoding: 'utf8' }).trim();

describe('git with a Change, under --dry-run', () => {
  it('shows the command and does not run it; without a dry run it runs', async () => {
    execFileSync('git', ['init', '-q'], { cwd: dir.path, env });
    execFileSync('git', ['remote', 'add', 'origin', 'https://git.example.com/alice/teapot.git'], { cwd: dir.path, env });
    const lines: string[] = [];
    const dryRun = new DryRun((line) => lines.push(line));
    const moved = ['remote', 'set-url', 'origin', 'https://alice:tok-abc123@git.example.com/alice/kettle.git'];
    expect(await git(dir.path, env, moved, { dryRun, on: 'local' })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(lines).toEqual(['git remote set-url origin https://***@git.example.com/alice/kettle.git']);
    expect(remote()).toBe('https://git.example.com/alice/teapot.git');
    expect(dryRun.undone).toBe('nothing was changed');
    expect((await git(dir.path, env, moved, { dryRun: undefined, on: 'local' })).code).toBe(0);
    expect(remote()).toBe('https://alice:tok-abc123@git.example.com/alice/kettle.git');
  });

  it('a push changes the server: a read after it stops the command, saying so', async () => {
    const lines: string[] = [];
    const dryRun = new DryRun((line) => lines.push(line));
    await git(dir.path, env, ['-c', 'credential.helper=!kettle login git-credential', 'push', '-o', 'title=Quieter lid', 'origin', 'HEAD:refs/for/main/lid'], { dryRun, on: { server: 'git push' } });
    expect(lines).toEqual(["git push -o 'title=Quieter lid' origin HEAD:refs/for/main/lid"]);
    expect(() => dryRun.intercept('GET', '/repos/alice/teapot/pulls', '?state=open', undefined, (t) => t)).toThrow(
      new DryRunStopped('stopped before GET /repos/alice/teapot/pulls?state=open, which would read what git push changes; nothing was sent'),
    );
    expect(dryRun.undone).toBe('nothing was sent');
  });

  it.each([
    [['-C', '/x/repo', '-c', 'a=b', 'fetch', 'origin'], 'git -C /x/repo fetch origin'],
    [['config', '--global', '--add', 'credential.https://h/.helper', '!kettle login git-credential'], "git config --global --add credential.https://h/.helper '!kettle login git-credential'"],
  ])('the line of %j', (args, line) => {
    expect(gitLine(args)).toBe(line);
  });
});
