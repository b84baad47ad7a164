// The in-memory server with real git behind it (test/server/git-http.ts, the
// demo playground's): git's smart HTTP with a Gitea server's permissions,
// pushes that create branches and move pull-request heads, merges and release
// tags made in git, and the branch list and creation endpoints, with and
// without git. kettle runs in-process; git is the real one.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitTestEnv } from '../support/git-env.js';
import { json, tempDir } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';
import { enableGit } from '../server/git-http.js';
import { extraOf } from '../server/routes-pulls.js';

const root = tempDir('kettle-git-http-');
afterAll(() => root.cleanup());
const GIT_ENV = gitTestEnv(root.path);

/** git, run without blocking: the server it talks to answers from this process. */
function gitRun(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, env: { ...process.env, ...GIT_ENV } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: unknown }).code) || 1 : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  const r = await gitRun(cwd, args);
  if (r.code !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim();
}

/** git's failure: its stderr. */
async function gitFails(cwd: string, ...args: string[]): Promise<string> {
  const r = await gitRun(cwd, args);
  if (r.code === 0) throw new Error(`git ${args.join(' ')} succeeded`);
  return r.stderr;
}

async function commit(cwd: string, file: string, text: string, message: string): Promise<string> {
  writeFileSync(join(cwd, file), text);
  await git(cwd, 'add', file);
  await git(cwd, 'commit', '-q', '-m', message);
  return git(cwd, 'rev-parse', 'HEAD');
}

// Many git processes a test: room for a loaded machine.
describe('with git', { timeout: 120_000 }, () => {
  const s = useServer({ runner: 'in-process' });
  const bare = (owner: string, name: string) => join(root.path, 'git', owner, `${name}.git`);
  /** The repository's URL with a user's password in it, as git's credential prompt would give it. */
  const as = (user: string, full: string) => `${s.server.url.replace('://', `://${user}:${user}-password@`)}/${full}.git`;
  let n = 0;
  const clone = async (url: string) => {
    const dir = join(root.path, `clone-${++n}`);
    await git(root.path, 'clone', '-q', url, dir);
    return dir;
  };

  beforeAll(() => enableGit(s.server, join(root.path, 'git')));

  it('serves public repositories to anyone at the clone URL the records give, with the seeded branches and pull-request heads', async () => {
    const r = await s.kettle(['repo', 'view', 'alice/teapot', '--json', '--fields', 'clone_url']);
    expect(json(r)).toEqual({ clone_url: `${s.server.url}/alice/teapot.git` });
    const dir = await clone(`${s.server.url}/alice/teapot.git`);
    expect((await git(dir, 'branch', '-r')).split('\n').map((b) => b.trim())).toEqual(['origin/HEAD -> origin/main', 'origin/feature/lid', 'origin/fix/spout', 'origin/main']);
    const pulls = await git(dir, 'ls-remote', 'origin', 'refs/pull/*');
    expect(pulls).toBe(`${await git(dir, 'rev-parse', 'origin/feature/lid')}\trefs/pull/5/head`);
    expect(await git(dir, 'ls-remote', '--tags', 'origin')).toMatch(/\trefs\/tags\/v1\.0$/m);
  });

  it('asks for credentials for a private repository and for any push; a user without access is told the repository is not found', async () => {
    expect(await gitFails(root.path, 'ls-remote', `${s.server.url}/alice/notes.git`)).toMatch(/could not read Username|Authentication failed/);
    expect(await git(root.path, 'ls-remote', as('alice', 'alice/notes'), 'refs/heads/main')).toMatch(/\trefs\/heads\/main$/);
    expect(await gitFails(root.path, 'ls-remote', as('carol', 'alice/notes'))).toMatch(/Repository not found|not found/);
    const dir = await clone(`${s.server.url}/bob/toolbox.git`);
    await commit(dir, 'a.txt', 'a\n', 'A');
    expect(await gitFails(dir, 'push', 'origin', 'HEAD:refs/heads/anon')).toMatch(/could not read Username|Authentication failed/);
    expect(await gitFails(dir, 'push', as('carol', 'bob/toolbox'), 'HEAD:refs/heads/carol')).toMatch(/not found/);
    expect(await gitFails(dir, 'push', as('bob', 'bob/toolbox').replace('bob-password', 'wrong'), 'HEAD:refs/heads/bad')).toMatch(/Authentication failed/);
    expect(s.server.state.repo('bob', 'toolbox')?.branches).toEqual(['main']);
  });

  it('a push creates branches on the server (a token serves as the password too); a push to a head moves its pull request', async () => {
    const dir = await clone(as('alice', 'alice/teapot'));
    await git(dir, 'switch', '-q', '-c', 'kettle-pushed');
    const first = await commit(dir, 'pushed.txt', 'one\n', 'Pushed');
    await git(dir, 'push', '-q', `${s.server.url.replace('://', `://alice:${s.token}@`)}/alice/teapot.git`, 'kettle-pushed');
    expect(s.server.state.repo('alice', 'teapot')?.branches).toContain('kettle-pushed');
    const created = await s.kettle(['pr', 'create', '-R', 'alice/teapot', '--head', 'kettle-pushed', '--title', 'Pushed', '--json', '--fields', 'number,head']);
    expectExit(created, 0);
    const pr = json<{ number: number; head: { sha: string } }>(created);
    expect(pr.head.sha).toBe(first);
    expect(await git(dir, 'ls-remote', 'origin', `refs/pull/${pr.number}/head`)).toBe(`${first}\trefs/pull/${pr.number}/head`);
    const second = await commit(dir, 'pushed.txt', 'two\n', 'Pushed again');
    await git(dir, 'push', '-q', 'origin', 'kettle-pushed');
    expect(await git(dir, 'ls-remote', 'origin', `refs/pull/${pr.number}/head`)).toBe(`${second}\trefs/pull/${pr.number}/head`);
    const diff = await s.kettle(['pr', 'diff', String(pr.number), '-R', 'alice/teapot']);
    expect(diff.stdout).toContain('+two');
    expect(diff.stdout).not.toContain('README');
  });

  it('merges in git in each style: a merge commit, a fast-forward, a rebase; the head branch deleted in git when asked', async () => {
    const dir = await clone(as('alice', 'wonderland/tea-party'));
    const open = async (branch: string, file: string) => {
      await git(dir, 'switch', '-q', '-c', branch, 'origin/main');
      const sha = await commit(dir, file, `${branch}\n`, `Change ${file}`);
      await git(dir, 'push', '-q', 'origin', branch);
      const r = await s.kettle(['pr', 'create', '-R', 'wonderland/tea-party', '--head', branch, '--base', 'main', '--title', `Add ${file}`, '--json', '--fields', 'number']);
      expectExit(r, 0);
      return { number: String(json<{ number: number }>(r).number), sha };
    };
    const one = await open('one', 'one.txt');
    expectExit(await s.kettle(['pr', 'merge', one.number, '-R', 'wonderland/tea-party', '--style', 'fast-forward-only']), 0);
    await git(dir, 'fetch', '-q', 'origin');
    expect(await git(dir, 'rev-parse', 'origin/main')).toBe(one.sha);

    const two = await open('two', 'two.txt');
    expectExit(await s.kettle(['pr', 'merge', two.number, '-R', 'wonderland/tea-party', '--style', 'merge', '--delete-branch']), 0);
    await git(dir, 'fetch', '-q', '--prune', 'origin');
    expect(await git(dir, 'log', '-1', '--format=%P%n%s', 'origin/main')).toBe(`${one.sha} ${two.sha}\nMerge pull request 'Add two.txt' (#${two.number}) from two into main`);
    expect(await git(dir, 'branch', '-r')).not.toContain('origin/two');
    expect(s.server.state.repo('wonderland', 'tea-party')?.branches).not.toContain('two');

    const three = await open('three', 'three.txt');
    expectExit(await s.kettle(['pr', 'merge', three.number, '-R', 'wonderland/tea-party', '--style', 'rebase']), 0);
    await git(dir, 'fetch', '-q', 'origin');
    expect(await git(dir, 'log', '-2', '--format=%s', 'origin/main')).toBe(`Change three.txt\nMerge pull request 'Add two.txt' (#${two.number}) from two into main`);
    expect(await git(dir, 'show', 'origin/main:three.txt')).toBe('three');
  });

  it('a head that conflicts with its base is not mergeable, and merging it changes nothing', async () => {
    const dir = await clone(as('alice', 'alice/teapot'));
    await git(dir, 'switch', '-q', '-c', 'clash-a');
    await commit(dir, 'README.md', 'A\n', 'A');
    await git(dir, 'push', '-q', 'origin', 'clash-a');
    await git(dir, 'switch', '-q', '-c', 'clash-b', 'origin/main');
    await commit(dir, 'README.md', 'B\n', 'B');
    await git(dir, 'push', '-q', 'origin', 'clash-b');
    const a = json<{ number: number }>(await s.kettle(['pr', 'create', '-R', 'alice/teapot', '--head', 'clash-a', '--title', 'A', '--json', '--fields', 'number']));
    const b = json<{ number: number }>(await s.kettle(['pr', 'create', '-R', 'alice/teapot', '--head', 'clash-b', '--title', 'B', '--json', '--fields', 'number']));
    expectExit(await s.kettle(['pr', 'merge', String(a.number), '-R', 'alice/teapot']), 0);
    // Merging A moved the base: B is checked again and conflicts.
    const repo = s.server.state.repo('alice', 'teapot');
    const pr = repo && s.server.state.issue(repo, b.number);
    if (!pr) throw new Error('no pull request B');
    expect(extraOf(s.server.state, pr).mergeable).toBe(false);
    expect(json(await s.kettle(['pr', 'view', String(b.number), '-R', 'alice/teapot', '--json', '--fields', 'mergeable']))).toEqual({ mergeable: false });
    const main = await git(dir, 'ls-remote', 'origin', 'refs/heads/main');
    expectExit(await s.kettle(['pr', 'merge', String(b.number), '-R', 'alice/teapot']), 1);
    // A check that has not caught up yet: git's merge fails, the answer is a 409 with git's words, and nothing changes.
    extraOf(s.server.state, pr).mergeable = true;
    const r = await s.kettle(['api', `/repos/alice/teapot/pulls/${b.number}/merge`, '-X', 'POST', '-f', 'Do=merge']);
    expectExit(r, 1);
    expect(JSON.parse(r.stdout)).toMatchObject({ Style: 'merge', StdOut: expect.stringContaining('CONFLICT') });
    expect(pr.pull?.merged).toBe(false);
    expect(await git(dir, 'ls-remote', 'origin', 'refs/heads/main')).toBe(main);
  });

  it('a release made for a new tag makes the tag in git, at its target', async () => {
    const dir = await clone(`${s.server.url}/alice/teapot.git`);
    expectExit(await s.kettle(['release', 'create', 'v9.0', '-R', 'alice/teapot', '--target', 'fix/spout']), 0);
    await git(dir, 'fetch', '-q', '--tags', 'origin');
    expect(await git(dir, 'rev-parse', 'v9.0^{commit}')).toBe(await git(dir, 'rev-parse', 'origin/fix/spout'));
    expectExit(await s.kettle(['release', 'create', 'v9.1-draft', '-R', 'alice/teapot', '--draft']), 0);
    expect(await git(dir, 'ls-remote', '--tags', 'origin', 'v9.1-draft')).toBe('');
    // A pushed tag is the server's: a release for it keeps it where it is.
    const pushed = await git(dir, 'rev-parse', 'origin/feature/lid');
    await git(dir, 'tag', '-a', '-m', 'Pushed', 'v9.2', pushed);
    await git(dir, 'push', '-q', as('alice', 'alice/teapot'), 'v9.2');
    const tag = await s.kettle(['api', '/repos/alice/teapot/tags/v9.2']);
    expect(json<{ commit: { sha: string } }>(tag).commit.sha).toBe(pushed);
    expectExit(await s.kettle(['release', 'create', 'v9.2', '-R', 'alice/teapot']), 0);
    expect(await git(dir, 'ls-remote', 'origin', 'refs/tags/v9.2^{}')).toBe(`${pushed}\trefs/tags/v9.2^{}`);
  });

  it('lists branches as Gitea does: newest commit first, each with its commit, Link and X-Total-Count', async () => {
    const r = await s.kettle(['api', '/repos/bob/toolbox/branches', '-i']);
    expectExit(r, 0);
    expect(r.stdout).toMatch(/^x-total-count: 1\r?$/im);
    const body = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as Array<Record<string, any>>;
    const sha = await git(root.path, '--git-dir', bare('bob', 'toolbox'), 'rev-parse', 'main');
    expect(body).toEqual([
      {
        name: 'main',
        commit: {
          id: sha,
          message: 'Initial commit\n',
          url: `${s.server.url}/bob/toolbox/commit/${sha}`,
          author: { name: 'Bob Builder', email: 'bob@example.com', username: 'bob' },
          committer: { name: 'Bob Builder', email: 'bob@example.com', username: 'bob' },
          verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          added: null,
          removed: null,
          modified: null,
        },
        protected: false,
        required_approvals: 0,
        enable_status_check: false,
        status_check_contexts: [],
        user_can_push: false,
        user_can_merge: false,
        effective_branch_protection_name: '',
      },
    ]);
    const paged = await s.kettle(['api', '/repos/alice/teapot/branches?limit=1&page=2', '-i']);
    expect(paged.stdout).toMatch(/^link: .*rel="next"/im);
    expect(JSON.parse(paged.stdout.slice(paged.stdout.indexOf('['))) as unknown[]).toHaveLength(1);
  });

  it('creates branches in git from the default branch, a branch or a tag, and refuses as Gitea does', async () => {
    const api = (body: string[]) => s.kettle(['api', '/repos/alice/teapot/branches', '-X', 'POST', ...body.flatMap((f) => ['-f', f])]);
    const made = await api(['new_branch_name=from-default']);
    expectExit(made, 0);
    const dir = bare('alice', 'teapot');
    expect(json<{ name: string; commit: { id: string } }>(made)).toMatchObject({ name: 'from-default', commit: { id: await git(root.path, '--git-dir', dir, 'rev-parse', 'main') } });
    expectExit(await api(['new_branch_name=from-tag', 'old_ref_name=v1.0']), 0);
    expect(await git(root.path, '--git-dir', dir, 'rev-parse', 'from-tag')).toBe(await git(root.path, '--git-dir', dir, 'rev-parse', 'v1.0^{commit}'));
    expectExit(await api(['new_branch_name=from-branch', 'old_branch_name=fix/spout']), 0);
    expect(await git(root.path, '--git-dir', dir, 'rev-parse', 'from-branch')).toBe(await git(root.path, '--git-dir', dir, 'rev-parse', 'fix/spout'));
    expect(s.server.state.repo('alice', 'teapot')?.branches).toEqual(expect.arrayContaining(['from-default', 'from-tag', 'from-branch']));

    const refused = async (body: string[], status: number, message: RegExp) => {
      const r = await api(body);
      expectExit(r, 1);
      expect(r.stderr).toContain(`HTTP ${status}`);
      expect(r.stdout + r.stderr).toMatch(message);
    };
    await refused(['new_branch_name=from-default'], 409, /The branch already exists\./);
    await refused(['new_branch_name=v1.0'], 409, /The branch with the same tag already exists\./);
    await refused(['new_branch_name=feature'], 409, /The branch with the same name already exists\./);
    await refused(['new_branch_name=x', 'old_branch_name=nope'], 404, /The old branch does not exist/);
    await refused(['old_branch_name=main'], 422, /new_branch_name/);
    await refused(['new_branch_name=a..b'], 422, /new_branch_name/);
    const carol = s.server.addToken('carol');
    const r = await s.kettle(['api', '/repos/alice/teapot/branches', '-X', 'POST', '-f', 'new_branch_name=carols'], { env: { KETTLE_TOKEN: carol } });
    expectExit(r, 1);
    expect(r.stderr).toContain('HTTP 403');
    expect(await git(root.path, '--git-dir', dir, 'for-each-ref', '--format=%(refname:short)', 'refs/heads')).not.toMatch(/^(x|carols|a\.\.b)$/m);
  });
});

describe('without git', () => {
  const s = useServer({ runner: 'in-process' });

  it('branches are created and listed on the record alone', async () => {
    expectExit(await s.kettle(['api', '/repos/alice/teapot/branches', '-X', 'POST', '-f', 'new_branch_name=plain']), 0);
    expect(s.server.state.repo('alice', 'teapot')?.branches).toContain('plain');
    const r = await s.kettle(['api', '/repos/alice/teapot/branches']);
    expect(json<Array<{ name: string }>>(r).map((b) => b.name)).toEqual(['feature/lid', 'fix/spout', 'main', 'plain']);
    expectExit(await s.kettle(['pr', 'create', '-R', 'alice/teapot', '--head', 'plain', '--title', 'Plain']), 0);
  });
});
