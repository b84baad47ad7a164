// kettle repo rename, repo transfer, repo create --template, repo sync of a
// fork and pr update-branch, in-process against the in-memory server with
// real git behind its repositories (test/server/git-http.ts), per flavour
// where the servers differ. The git remote of the working folder is real git.
import { execFile, execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, tempDir } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, sent, useServer } from '../support/suite.js';
import { enableGit } from '../server/git-http.js';
import { extraOf } from '../server/routes-repos.js';
import type { Repo } from '../server/state.js';

const root = tempDir('kettle-moves-');
afterAll(() => root.cleanup());
const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', HOME: root.path };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' }).trim();
}

/** git that talks to this process's server: it must not block the event loop the server answers on. */
function gitAsync(cwd: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env: { ...process.env, ...GIT_ENV } }, (err, stdout) => (err ? reject(err) : resolve(String(stdout).trim())));
  });
}

const s = useServer({ runner: 'in-process' });
beforeAll(() => enableGit(s.server, join(root.path, 'git')));

let n = 0;
let name = '';
beforeEach(() => {
  s.server.set({ flavor: { forgejo: false, version: undefined } });
  name = `moving-${++n}`;
});

/** A file committed on a branch through the API, as a user's web edit would. */
async function commitOn(full: string, branch: string, file: string, text = `${file}\n`): Promise<void> {
  const res = await fetch(`${s.server.apiUrl}/repos/${full}/contents/${file}`, {
    method: 'POST',
    headers: { authorization: `token ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: Buffer.from(text).toString('base64'), message: `Add ${file}`, branch }),
  });
  expect(res.status).toBe(201);
}

function headOf(repo: Repo, branch: string): string {
  return git(root.path, '--git-dir', join(root.path, 'git', repo.owner, `${repo.name}.git`), 'rev-parse', `refs/heads/${branch}`);
}

/** A working folder with a git remote "origin" at the repository's address on this server. */
function workingCopy(full: string): void {
  git(s.dir, 'init', '-q');
  git(s.dir, 'remote', 'add', 'origin', `${s.server.url}/${full}.git`);
}

const remoteUrl = () => git(s.dir, 'remote', 'get-url', 'origin');

describe('repo rename', () => {
  it('renames with PATCH {name}; the git remote that named it is left, with the command to update it, in scripts', async () => {
    const repo = s.server.state.addRepo('alice', name, { init: true });
    workingCopy(`alice/${name}`);
    const r = await s.kettle(['repo', 'rename', `${name}-new`]);
    expectExit(r, 0);
    expect(sent(s, 'PATCH').map((q) => [q.path, q.body])).toEqual([[`/repos/alice/${name}`, { name: `${name}-new` }]]);
    expect(repo.name).toBe(`${name}-new`);
    expect(r.stderr).toBe(
      `✓ Renamed alice/${name} to alice/${name}-new\nkettle: git remote "origin" still points at alice/${name}; to update it: git remote set-url origin ${s.server.url}/alice/${name}-new.git\n`,
    );
    expect(remoteUrl()).toBe(`${s.server.url}/alice/${name}.git`);
  });

  it('--update-remote points the remote at the new address; the renamed repository still clones', async () => {
    s.server.state.addRepo('alice', name, { init: true });
    workingCopy(`alice/${name}`);
    const r = await s.kettle(['repo', 'rename', `alice/${name}`, `${name}-kettle`, '--update-remote']);
    expectExit(r, 0);
    expect(r.stderr).toContain(`✓ Updated git remote "origin" to ${s.server.url}/alice/${name}-kettle.git\n`);
    expect(remoteUrl()).toBe(`${s.server.url}/alice/${name}-kettle.git`);
    expect(await gitAsync(s.dir, 'ls-remote', 'origin', 'refs/heads/main')).toMatch(/^[0-9a-f]{40}\trefs\/heads\/main$/);
  });

  it('--dry-run --update-remote: the PATCH is shown, and the command stops at its answer; the repository and the git remote stay', async () => {
    const repo = s.server.state.addRepo('alice', name, { init: true });
    workingCopy(`alice/${name}`);
    const r = await s.kettle(['--dry-run', 'repo', 'rename', `alice/${name}`, `${name}-dry`, '--update-remote']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`PATCH /repos/alice/${name} {"name":"${name}-dry"}\n`);
    expect(r.stderr).toBe(`kettle: dry run: stopped after PATCH /repos/alice/${name}: what follows needs the server's answer to it; nothing was sent\n`);
    expect(repo.name).toBe(name);
    expect(remoteUrl()).toBe(`${s.server.url}/alice/${name}.git`);
  });

  it('a remote naming another repository, or another host, is left alone and not mentioned', async () => {
    s.server.state.addRepo('alice', name, { init: true });
    git(s.dir, 'init', '-q');
    git(s.dir, 'remote', 'add', 'origin', `${s.server.url}/alice/other.git`);
    git(s.dir, 'remote', 'add', 'elsewhere', `https://example.com/alice/${name}.git`);
    const r = await s.kettle(['repo', 'rename', `alice/${name}`, `${name}-2`, '--update-remote']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Renamed alice/${name} to alice/${name}-2\n`);
    expect(git(s.dir, 'remote', 'get-url', 'elsewhere')).toBe(`https://example.com/alice/${name}.git`);
  });

  it('a name the owner has: one line, exit 1, nothing renamed', async () => {
    const repo = s.server.state.addRepo('alice', name, { init: true });
    s.server.state.addRepo('alice', `${name}-taken`);
    expectFailure(await s.kettle(['repo', 'rename', `alice/${name}`, `${name}-taken`]), `cannot rename alice/${name}: alice/${name}-taken already exists; nothing was renamed`);
    expect(repo.name).toBe(name);
  });

  it.each([
    [['repo', 'rename'], /give the new name/],
    [['repo', 'rename', 'alice/teapot', 'bad name'], /invalid repository name "bad name"/],
    [['repo', 'rename', 'alice/teapot', 'x.git'], /no \.git at the end/],
  ])('bad input %j: a usage error, nothing sent', async (args, message) => {
    expectUsage(s, await s.kettle(args), message);
  });

  it('the same name: a usage error after reading nothing', async () => {
    const r = await s.kettle(['repo', 'rename', 'alice/teapot', 'teapot']);
    expectExit(r, 2);
    expect(r.stderr).toBe('kettle: alice/teapot is already named "teapot"; nothing was renamed\n');
    expect(sent(s, 'PATCH')).toEqual([]);
  });
});

describe('repo transfer', () => {
  it('to an organization, --yes: 202, the repository moves; a team with every repository is not sent (the servers fail on it)', async () => {
    const repo = s.server.state.addRepo('alice', name, { init: true });
    const r = await s.kettle(['repo', 'transfer', `alice/${name}`, 'wonderland', '--team', 'Owners', '--yes']);
    expectExit(r, 0);
    expect(sent(s, 'POST').map((q) => [q.path, q.body])).toEqual([[`/repos/alice/${name}/transfer`, { new_owner: 'wonderland' }]]);
    expect(r.stderr).toBe(
      `kettle: team Owners of wonderland has access to all its repositories, this one included once transferred; it is not sent\n✓ Transferred alice/${name} to wonderland/${name}\n`,
    );
    expect(repo.owner).toBe('wonderland');
  });

  it.each([
    ['Gitea 1.23', {}, 'wonderland'],
    ['Gitea 1.27', { version: '1.27.0' }, 'alice'],
  ])('the server, sent the Owners team: a 500, the repository moved or not (%s)', async (_, flavor, owner) => {
    s.server.set({ flavor });
    const repo = s.server.state.addRepo('alice', name, { init: true });
    const org = s.server.state.org('wonderland');
    const r = await s.kettle(['api', '-X', 'POST', `/repos/alice/${name}/transfer`, '-f', 'new_owner=wonderland', '-F', `team_ids[]=${org?.id}`]);
    expectExit(r, 1);
    expect(repo.owner).toBe(owner);
  });

  it('without --yes and no terminal: refused, nothing sent', async () => {
    expectUsage(s, await s.kettle(['repo', 'transfer', 'alice/teapot', 'wonderland']), /without confirmation; pass --yes/);
  });

  it('to its own owner: refused before sending', async () => {
    expectUsage(s, await s.kettle(['repo', 'transfer', 'alice/teapot', 'ALICE', '--yes']), 'kettle: alice/teapot already belongs to alice; nothing was transferred');
  });

  it('to a user who must accept: 201, said as pending, the repository stays', async () => {
    const repo = s.server.state.addRepo('alice', name, { init: true });
    const r = await s.kettle(['repo', 'transfer', `alice/${name}`, 'bob', '--yes']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`kettle: the transfer of alice/${name} to bob is pending: bob must accept it; until then it stays alice/${name}\n`);
    expect(repo.owner).toBe('alice');
  });

  it('a team the organization lacks, or --team for a user: one line, nothing transferred', async () => {
    s.server.state.addRepo('alice', name, { init: true });
    expectFailure(
      await s.kettle(['repo', 'transfer', `alice/${name}`, 'wonderland', '--team', 'cooks', '--yes']),
      `organization wonderland has no team "cooks" (its teams: Owners); nothing was transferred`,
    );
    const user = await s.kettle(['repo', 'transfer', `alice/${name}`, 'bob', '--team', 'cooks', '--yes']);
    expectExit(user, 2);
    expect(user.stderr).toBe('kettle: --team applies to a transfer to an organization; bob is not one\n');
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('an owner that does not exist: the server says so, one line', async () => {
    s.server.state.addRepo('alice', name, { init: true });
    expectFailure(await s.kettle(['repo', 'transfer', `alice/${name}`, 'nobody-at-all', '--yes']), `cannot transfer alice/${name}: no user or organization nobody-at-all`);
  });

  it('--dry-run --update-remote: the POST is shown and the command stops at its answer; the git remote stays', async () => {
    s.server.state.addRepo('alice', name, { init: true });
    workingCopy(`alice/${name}`);
    const r = await s.kettle(['--dry-run', 'repo', 'transfer', 'wonderland', '--yes', '--update-remote']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`POST /repos/alice/${name}/transfer {"new_owner":"wonderland"}\n`);
    expect(s.server.state.repo('alice', name)).toBeDefined();
    expect(remoteUrl()).toBe(`${s.server.url}/alice/${name}.git`);
  });

  it('--update-remote moves the git remote to the new owner', async () => {
    s.server.state.addRepo('alice', name, { init: true });
    workingCopy(`alice/${name}`);
    const r = await s.kettle(['repo', 'transfer', 'wonderland', '--yes', '--update-remote']);
    expectExit(r, 0);
    expect(remoteUrl()).toBe(`${s.server.url}/wonderland/${name}.git`);
  });
});

describe('repo create --template', () => {
  it('POST /generate with what --with names; the new repository has the content and the labels', async () => {
    const tpl = s.server.state.addRepo('alice', `${name}-tpl`, { init: true });
    extraOf(s.server.state, tpl).template = true;
    s.server.state.addLabel(tpl, 'bug');
    const r = await s.kettle(['repo', 'create', name, '--template', `alice/${name}-tpl`, '--with', 'content,labels', '--json', '--fields', 'full_name,empty']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ full_name: `alice/${name}`, empty: false });
    const [post] = sent(s, 'POST', `/repos/alice/${name}-tpl/generate`);
    expect(post?.body).toEqual({ owner: 'alice', name, private: false, git_content: true, topics: false, labels: true, webhooks: false, avatar: false, git_hooks: false });
    const made = s.server.state.repo('alice', name) as Repo;
    expect(s.server.state.labels.filter((l) => l.repoId === made.id).map((l) => l.name)).toEqual(['bug']);
    expect(headOf(made, 'main')).toBe(headOf(tpl, 'main'));
  });

  it('a repository that is not a template, and a name taken: one line each, exit 1', async () => {
    s.server.state.addRepo('alice', `${name}-plain`, { init: true });
    expectFailure(
      await s.kettle(['repo', 'create', name, '--template', `alice/${name}-plain`]),
      `cannot create alice/${name} from alice/${name}-plain: it is not a template repository (its settings on the server make it one)`,
    );
    const tpl = s.server.state.addRepo('alice', `${name}-tpl`, { init: true });
    extraOf(s.server.state, tpl).template = true;
    expectFailure(await s.kettle(['repo', 'create', 'teapot', '--template', `alice/${name}-tpl`]), 'a repository named alice/teapot already exists');
  });

  it.each([
    [['repo', 'create', 'x', '--template', 'alice/teapot', '--with', 'content,wiki'], /--with: unknown item wiki; choose from content, topics, labels, hooks, avatar, git-hooks/],
    [['repo', 'create', 'x', '--with', 'content'], /--with applies to --template/],
    [['repo', 'create', 'x', '--template', 'alice/teapot', '--init'], /--init and --template do not go together/],
    [['repo', 'create', 'x', '--template', 'alice/teapot', '--with', ','], /--with needs at least one of/],
  ])('bad input %j: a usage error, nothing sent', async (args, message) => {
    expectUsage(s, await s.kettle(args), message);
  });
});

describe('repo sync of a fork', () => {
  /** alice's repository and bob's fork of it, both with git. */
  async function forked(): Promise<{ parent: Repo; fork: Repo }> {
    const parent = s.server.state.addRepo('alice', name, { init: true });
    // The parent's git side first (made on first use): the fork copies it.
    await commitOn(`alice/${name}`, 'main', 'start.txt');
    const f = await fetch(`${s.server.apiUrl}/repos/alice/${name}/forks`, {
      method: 'POST',
      headers: { authorization: `token ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ organization: 'wonderland' }),
    });
    expect(f.status).toBe(202);
    return { parent, fork: s.server.state.repo('wonderland', name) as Repo };
  }

  it('Gitea 1.23: checks the fork has nothing of its own, then merge-upstream without ff_only; a fast-forward', async () => {
    const { parent, fork } = await forked();
    await commitOn(`alice/${name}`, 'main', 'news.txt');
    s.server.requests.length = 0;
    const r = await s.kettle(['repo', 'sync', `wonderland/${name}`]);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Fast-forwarded wonderland/${name} main to alice/${name} main\n`);
    expect(sent(s, 'POST').map((q) => [q.path, q.body])).toEqual([[`/repos/wonderland/${name}/merge-upstream`, { branch: 'main' }]]);
    expect(headOf(fork, 'main')).toBe(headOf(parent, 'main'));
    const again = await s.kettle(['repo', 'sync', `wonderland/${name}`]);
    expectExit(again, 0);
    expect(again.stderr).toBe(`kettle: wonderland/${name} main is already up to date with alice/${name} main; nothing was changed\n`);
  });

  it('Gitea 1.23: a fork with commits of its own is one line, exit 1, and merge-upstream (which would merge) is never sent', async () => {
    const { fork } = await forked();
    await commitOn(`alice/${name}`, 'main', 'theirs.txt');
    await commitOn(`wonderland/${name}`, 'main', 'ours.txt');
    const before = headOf(fork, 'main');
    s.server.requests.length = 0;
    expectFailure(
      await s.kettle(['repo', 'sync', `wonderland/${name}`]),
      `cannot sync wonderland/${name}: its branch main has commits that alice/${name} main lacks (it has diverged); only a fast-forward is made, so nothing was changed`,
    );
    expect(sent(s, 'POST')).toEqual([]);
    expect(headOf(fork, 'main')).toBe(before);
  });

  it('Gitea 1.27: ff_only; the server refuses a diverged fork with 400 and kettle says so', async () => {
    s.server.set({ flavor: { version: '1.27.0' } });
    const { fork } = await forked();
    await commitOn(`alice/${name}`, 'main', 'theirs.txt');
    await commitOn(`wonderland/${name}`, 'main', 'ours.txt');
    const before = headOf(fork, 'main');
    s.server.requests.length = 0;
    const r = await s.kettle(['repo', 'sync', `wonderland/${name}`]);
    expectFailure(r, /has diverged\); only a fast-forward is made, so nothing was changed$/);
    expect(sent(s, 'POST').map((q) => [q.path, q.body])).toEqual([[`/repos/wonderland/${name}/merge-upstream`, { branch: 'main', ff_only: true }]]);
    expect(headOf(fork, 'main')).toBe(before);
  });

  it('Forgejo 11 has no fork update: one line naming the versions that do, nothing sent', async () => {
    s.server.set({ flavor: { forgejo: true } });
    await forked();
    s.server.requests.length = 0;
    const r = await s.kettle(['repo', 'sync', `wonderland/${name}`]);
    expectFailure(r, /^kettle: kettle repo sync of a fork needs Gitea 1\.23\.1 or later or Forgejo 12 or later; \S+ runs Forgejo 11\.0\.1$/);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('Forgejo 15: asks sync_fork first, then fast-forwards; a diverged fork is one line and no POST', async () => {
    s.server.set({ flavor: { forgejo: true, version: '15.0.3+gitea-1.22.0' } });
    const { parent, fork } = await forked();
    await commitOn(`alice/${name}`, 'main', 'one.txt');
    await commitOn(`alice/${name}`, 'main', 'two.txt');
    s.server.requests.length = 0;
    const r = await s.kettle(['repo', 'sync', `wonderland/${name}`, '--branch', 'main']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Fast-forwarded wonderland/${name} main to alice/${name} main (2 commits)\n`);
    expect(sent(s, 'POST').map((q) => q.path)).toEqual([`/repos/wonderland/${name}/sync_fork/main`]);
    expect(headOf(fork, 'main')).toBe(headOf(parent, 'main'));
    await commitOn(`alice/${name}`, 'main', 'three.txt');
    await commitOn(`wonderland/${name}`, 'main', 'mine.txt');
    s.server.requests.length = 0;
    expectFailure(await s.kettle(['repo', 'sync', `wonderland/${name}`]), /its branch main has commits that alice\/\S+ main lacks/);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('a branch the fork lacks: one line; --branch on a mirror: a usage error', async () => {
    await forked();
    expectFailure(await s.kettle(['repo', 'sync', `wonderland/${name}`, '--branch', 'nope']), `branch "nope" in wonderland/${name} not found`);
    expectExit(await s.kettle(['repo', 'sync', `wonderland/${name}`, '--branch', '']), 2);
  });
});

describe('pr update-branch', () => {
  /** A pull request from "topic" in alice/NAME, with main moved on since. */
  async function behind(file = 'base.txt', text = 'base\n'): Promise<{ repo: Repo; number: number }> {
    const repo = s.server.state.addRepo('alice', name, { init: true });
    await commitOn(`alice/${name}`, 'main', 'start.txt');
    const b = await fetch(`${s.server.apiUrl}/repos/alice/${name}/branches`, {
      method: 'POST',
      headers: { authorization: `token ${s.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ new_branch_name: 'topic', old_branch_name: 'main' }),
    });
    expect(b.status).toBe(201);
    await commitOn(`alice/${name}`, 'topic', 'topic.txt');
    const pr = await s.kettle(['pr', 'create', '-R', `alice/${name}`, '--head', 'topic', '--base', 'main', '--title', 'Topic', '--body', '', '--json', '--fields', 'number']);
    expectExit(pr, 0);
    await commitOn(`alice/${name}`, 'main', file, text);
    return { repo, number: json<{ number: number }>(pr).number };
  }

  it('merges the base into the head (style=merge); then it is up to date: a note and nothing sent', async () => {
    const { repo, number } = await behind();
    s.server.requests.length = 0;
    const r = await s.kettle(['pr', 'update-branch', String(number), '-R', `alice/${name}`]);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Merged main into topic for pull request #${number} in alice/${name}\n`);
    expect(sent(s, 'POST').map((q) => [q.path, q.query])).toEqual([[`/repos/alice/${name}/pulls/${number}/update`, { style: 'merge' }]]);
    const dir = join(root.path, 'git', 'alice', `${name}.git`);
    expect(git(root.path, '--git-dir', dir, 'log', '-1', '--format=%s', 'refs/heads/topic')).toBe("Merge branch 'main' into topic");
    expect(headOf(repo, 'topic')).not.toBe(headOf(repo, 'main'));
    s.server.requests.length = 0;
    const again = await s.kettle(['pr', 'update-branch', String(number), '-R', `alice/${name}`]);
    expectExit(again, 0);
    expect(again.stderr).toBe(`kettle: topic of pull request #${number} in alice/${name} is already up to date with main; nothing was changed\n`);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('--rebase: style=rebase, the head rebased onto the base', async () => {
    const { repo, number } = await behind();
    const r = await s.kettle(['pr', 'update-branch', String(number), '-R', `alice/${name}`, '--rebase']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Rebased topic onto main for pull request #${number} in alice/${name}\n`);
    const dir = join(root.path, 'git', 'alice', `${name}.git`);
    expect(git(root.path, '--git-dir', dir, 'rev-parse', 'refs/heads/topic~1')).toBe(headOf(repo, 'main'));
  });

  it('a conflict: 409, one line, the head unchanged', async () => {
    const { repo, number } = await behind('topic.txt', 'not the same\n');
    const before = headOf(repo, 'topic');
    expectFailure(
      await s.kettle(['pr', 'update-branch', String(number), '-R', `alice/${name}`]),
      `cannot update pull request #${number} in alice/${name}: topic conflicts with main; nothing was changed (merge or rebase locally, resolve, and push)`,
    );
    expect(headOf(repo, 'topic')).toBe(before);
  });

  it('the comparison refused: the update is sent; the comparison with no answer: nothing is', async () => {
    const { repo, number } = await behind();
    const compare = new RegExp(`^/repos/alice/${name}/compare/`);
    // Refused (an error status): the server itself says whether the head is behind.
    s.server.fault({ kind: 'status', status: 404, method: 'GET', path: compare, body: '{"message":"not found"}' });
    s.server.requests.length = 0;
    expectExit(await s.kettle(['pr', 'update-branch', String(number), '-R', `alice/${name}`]), 0);
    expect(sent(s, 'POST').map((q) => q.path)).toEqual([`/repos/alice/${name}/pulls/${number}/update`]);
    // Cut off on every try: the command fails, and the update is not sent on a guess.
    await commitOn(`alice/${name}`, 'main', 'later.txt');
    const before = headOf(repo, 'topic');
    s.server.fault({ kind: 'cut', method: 'GET', path: compare, times: 10 });
    s.server.requests.length = 0;
    const r = await s.kettle(['pr', 'update-branch', String(number), '-R', `alice/${name}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kettle: .*compare/m);
    expect(sent(s, 'POST')).toEqual([]);
    expect(headOf(repo, 'topic')).toBe(before);
  });

  it('a closed pull request: one line before sending; a missing one: not found', async () => {
    const { number } = await behind();
    expectExit(await s.kettle(['pr', 'close', String(number), '-R', `alice/${name}`]), 0);
    s.server.requests.length = 0;
    expectFailure(await s.kettle(['pr', 'update-branch', String(number), '-R', `alice/${name}`]), `cannot update pull request #${number} in alice/${name}: it is closed; reopen it first`);
    expect(sent(s, 'POST')).toEqual([]);
    expectFailure(await s.kettle(['pr', 'update-branch', '999', '-R', `alice/${name}`]), /not found$/);
  });
});
