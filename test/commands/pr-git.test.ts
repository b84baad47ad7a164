// kettle pr checkout, merge --delete-branch and create's defaults with real git:
// a bare repository stands in for the server's git side (refs/pull/N/head
// included), and the server's clone_url points at it.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json, tempDir } from '../support/harness.js';
import { expectExit, expectFailure, sent, useServer } from '../support/suite.js';
import { pullsData } from '../server/routes-pulls.js';

const s = useServer({ runner: 'in-process' });
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const GIT_ENV = { GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com', GIT_CONFIG_NOSYSTEM: '1', HOME: '/nonexistent' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' }).trim();
}

function commit(cwd: string, file: string, text: string, message: string): string {
  writeFileSync(join(cwd, file), text);
  git(cwd, 'add', file);
  git(cwd, 'commit', '-q', '-m', message);
  return git(cwd, 'rev-parse', 'HEAD');
}

let counter = 0;
/**
 * alice/<name> on the server, its git side a bare repository with main and
 * topic (one commit ahead), refs/pull/N/head at topic, and a clone of it with
 * only main checked out: the reviewer's working copy.
 */
function setup(author = 'bob') {
  const name = `prg-${++counter}`;
  const root = tempDir('kettle-git-');
  cleanups.push(root.cleanup);
  const bare = join(root.path, 'server.git');
  const seed = join(root.path, 'seed');
  const clone = join(root.path, 'clone');
  git(root.path, 'init', '-q', '--bare', '-b', 'main', bare);
  git(root.path, 'init', '-q', '-b', 'main', seed);
  commit(seed, 'README.md', '# teapot\n', 'Start');
  git(seed, 'push', '-q', bare, 'main');
  git(seed, 'switch', '-q', '-c', 'topic');
  const head = commit(seed, 'lid.txt', 'felt\n', 'Add felt under the lid');
  git(seed, 'push', '-q', bare, 'topic');
  const repo = s.server.state.addRepo('alice', name, { init: true });
  repo.branches.push('topic');
  const pr = s.server.state.addIssue(repo, author, { title: 'Quieter lid', pull: { head: 'topic', base: 'main' } });
  git(seed, 'push', '-q', bare, `topic:refs/pull/${pr.number}/head`);
  const url = `file://${bare}`;
  pullsData(s.server.state).cloneUrls.set(repo.id, url);
  git(root.path, 'clone', '-q', url, clone);
  return { repo, pr, bare, seed, clone, head, url, R: ['-R', `alice/${name}`], full: `alice/${name}` };
}

const run = (cwd: string, args: string[]) => s.kettle(args, { cwd, env: GIT_ENV });

describe('pr checkout', () => {
  it('fetches refs/pull/N/head into a branch named after the head and switches to it, from a subfolder too', async () => {
    const g = setup();
    const sub = join(g.clone, 'docs');
    execFileSync('mkdir', [sub]);
    const r = await run(sub, ['pr', 'checkout', String(g.pr.number), ...g.R]);
    expectExit(r, 0);
    expect(git(g.clone, 'symbolic-ref', '--short', 'HEAD')).toBe('topic');
    expect(git(g.clone, 'rev-parse', 'HEAD')).toBe(g.head);
    expect(r.stderr).toMatch(/^✓ Created topic at the head of pull request #\d+ \(topic\) and switched to it\n$/);
  });

  it('--branch NAME; a second run fast-forwards the branch to a newer head', async () => {
    const g = setup();
    expectExit(await run(g.clone, ['pr', 'checkout', String(g.pr.number), ...g.R, '--branch', 'review/lid']), 0);
    expect(git(g.clone, 'symbolic-ref', '--short', 'HEAD')).toBe('review/lid');
    git(g.clone, 'switch', '-q', 'main');
    const newer = commit(g.seed, 'lid.txt', 'more felt\n', 'More felt');
    git(g.seed, 'push', '-q', g.bare, `topic:refs/pull/${g.pr.number}/head`);
    const r = await run(g.clone, ['pr', 'checkout', String(g.pr.number), ...g.R, '--branch', 'review/lid']);
    expectExit(r, 0);
    expect(git(g.clone, 'rev-parse', 'review/lid')).toBe(newer);
    expect(r.stderr).toMatch(/Updated review\/lid/);
  });

  it('refuses a diverged local branch unless --force', async () => {
    const g = setup();
    git(g.clone, 'switch', '-q', '-c', 'topic');
    const mine = commit(g.clone, 'mine.txt', 'local work\n', 'Local work');
    git(g.clone, 'switch', '-q', 'main');
    const r = await run(g.clone, ['pr', 'checkout', String(g.pr.number), ...g.R]);
    expectFailure(r, /local branch topic has diverged from pull request #\d+'s head; use --force/);
    expect(git(g.clone, 'rev-parse', 'topic')).toBe(mine);
    expectExit(await run(g.clone, ['pr', 'checkout', String(g.pr.number), ...g.R, '--force']), 0);
    expect(git(g.clone, 'rev-parse', 'topic')).toBe(g.head);
  });

  it("refuses uncommitted changes git would overwrite, with git's reason", async () => {
    const g = setup();
    // lid.txt is new in the pull request: an untracked local lid.txt would be overwritten.
    writeFileSync(join(g.clone, 'lid.txt'), 'mine\n');
    const r = await run(g.clone, ['pr', 'checkout', String(g.pr.number), ...g.R]);
    const [line] = expectFailure(r, /^kettle: cannot create and switch to topic: .*untracked working tree files would be overwritten/);
    expect(line).toContain('lid.txt');
    expect(git(g.clone, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
  });

  it('serves a fork: the head lives elsewhere, refs/pull/N/head comes from the base repository', async () => {
    const g = setup();
    const fork = s.server.state.addRepo('bob', `fork-${counter}`, { init: true });
    const { extra } = pullsData(s.server.state);
    extra.set(g.pr.id, { requested: [], mergeable: true, headRepoId: fork.id });
    const r = await run(g.clone, ['pr', 'checkout', String(g.pr.number), ...g.R]);
    expectExit(r, 0);
    expect(r.stderr).toContain(`(bob:topic)`);
    expect(git(g.clone, 'rev-parse', 'topic')).toBe(g.head);
  });

  it('outside a git repository: a usage error before any request', async () => {
    const r = await s.kettle(['pr', 'checkout', '1', '-R', 'alice/teapot']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/^kettle: not inside a git repository/);
    expect(sent(s, 'GET')).toEqual([]);
  });
});

describe('pr merge --delete-branch in a checkout of the head', () => {
  it('switches to the base branch and deletes the local head branch', async () => {
    const g = setup();
    expectExit(await run(g.clone, ['pr', 'checkout', String(g.pr.number), ...g.R]), 0);
    const r = await run(g.clone, ['pr', 'merge', ...g.R, '--delete-branch', '--rebase']);
    expectExit(r, 0);
    expect(sent(s, 'POST', `/repos/${g.full}/pulls/${g.pr.number}/merge`)[0]?.body).toEqual({ Do: 'rebase', do: 'rebase', delete_branch_after_merge: true });
    expect(git(g.clone, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(git(g.clone, 'branch', '--list', 'topic')).toBe('');
    expect(r.stderr).toContain('✓ Switched to main and deleted the local branch topic');
  });
});

describe('pr view / diff without NUMBER', () => {
  it('act on the open pull request whose head is the current branch', async () => {
    const g = setup();
    git(g.clone, 'switch', '-q', 'topic');
    const r = await run(g.clone, ['pr', 'view', ...g.R, '--json', '--fields', 'number']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ number: g.pr.number });
    git(g.clone, 'switch', '-q', 'main');
    expectFailure(await run(g.clone, ['pr', 'diff', ...g.R]), `no open pull request for branch main in ${g.full}; give its NUMBER`);
  });
});

describe('pr create defaults', () => {
  it('--head is the current branch, --base the default branch; --fill takes the commit; --draft prefixes WIP:', async () => {
    const g = setup();
    g.repo.branches.push('topic2');
    git(g.clone, 'switch', '-q', '-c', 'topic2');
    commit(g.clone, 'spout.txt', 'drip\n', 'Fix the spout\n\nNo more drips.');
    const r = await run(g.clone, ['pr', 'create', ...g.R, '--fill', '--draft', '--reviewer', 'carol', '--json', '--fields', 'number,requested_reviewers']);
    expectExit(r, 0);
    expect(sent(s, 'POST', `/repos/${g.full}/pulls`)[0]?.body).toEqual({ head: 'topic2', base: 'main', title: 'WIP: Fix the spout', body: 'No more drips.' });
    const created = json<{ number: number; requested_reviewers: Array<{ login: string }> }>(r);
    expect(sent(s, 'POST', `/repos/${g.full}/pulls/${created.number}/requested_reviewers`)[0]?.body).toEqual({ reviewers: ['carol'] });
    expect(created.requested_reviewers.map((u) => u.login)).toEqual(['carol']);
  });

  it('stops when the head branch is not on the server, saying how to push it, and sends nothing', async () => {
    const g = setup();
    git(g.clone, 'switch', '-q', '-c', 'unpushed');
    const r = await run(g.clone, ['pr', 'create', ...g.R, '--title', 'T']);
    expect(expectFailure(r, `branch unpushed is not on the server in ${g.full}; push it first: git push -u origin unpushed`)).toHaveLength(1);
    expect(r.stderr).not.toMatch(/warning/);
    expect(sent(s, 'POST')).toEqual([]);
  });
});

describe('pr checkout and the git_protocol setting', () => {
  it('with no remote for the base repository, fetches from its clone URL by git_protocol (kettle config)', async () => {
    const g = setup();
    git(g.clone, 'remote', 'remove', 'origin');
    // ssh: git asks GIT_SSH_COMMAND, which records where it was sent and refuses.
    const log = join(g.clone, '..', 'ssh.log');
    const sshEnv = { ...GIT_ENV, GIT_SSH_COMMAND: `sh -c 'echo "$0 $*" >> ${log}; exit 1'` };
    expectExit(await s.kettle(['config', 'set', 'git_protocol', 'ssh', '--host', new URL(s.server.url).host]), 0);
    const viaSsh = await s.kettle(['pr', 'checkout', String(g.pr.number), ...g.R], { cwd: g.clone, env: sshEnv });
    expectExit(viaSsh, 1);
    expect(viaSsh.stderr).toMatch(new RegExp(`^kettle: cannot fetch refs/pull/${g.pr.number}/head from git@[^:]+:alice/${g.repo.name}\\.git: `));
    expect(execFileSync('cat', [log], { encoding: 'utf8' })).toContain(`alice/${g.repo.name}.git`);
    // KETTLE_GIT_PROTOCOL beats the setting: the https clone URL (here the bare repository) serves it.
    const viaHttps = await s.kettle(['pr', 'checkout', String(g.pr.number), ...g.R], { cwd: g.clone, env: { ...GIT_ENV, KETTLE_GIT_PROTOCOL: 'https' } });
    expectExit(viaHttps, 0);
    expect(git(g.clone, 'rev-parse', 'HEAD')).toBe(g.head);
  });
});
