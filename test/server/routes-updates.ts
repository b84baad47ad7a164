// Bringing a branch up to date from elsewhere, as a Gitea-family server does it
// in git: a pull request's head from its base (UpdatePullRequest), a fork's
// branch from its parent (Gitea's merge-upstream, Forgejo's sync_fork), and the
// compare endpoint kettle asks first. The answers follow the handlers read at
// Gitea v1.23.8 to v1.27.0 and Forgejo v11.0.1 to v15.0.3; those marked
// "recorded" were seen from real Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1.
// Without git (enableGit) the records hold no commits: every branch reads as
// up to date, a stand-in that claims no change it cannot make.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dirOf, ensureBare, git, headsOf, refSha, syncBranches, tryGit } from './git-http.js';
import { forbidden, HttpError, notFound } from './http.js';
import { extraOf as pullExtraOf } from './routes-pulls.js';
import { extraOf as repoExtraOf } from './routes-repos.js';
import { type Call, flavorAtLeast, type Handler, type Reply, obj, visibleRepo } from './routes.js';
import type { Repo, User } from './state.js';

/** A route this release does not have: the router's plain answer (recorded). */
const NO_ROUTE: Reply = { status: 404, raw: '404 page not found\n', headers: { 'content-type': 'text/plain; charset=utf-8' } };

const error = (c: Call, status: number, message: string) => new HttpError(status, { message, url: `${c.state.apiRoot}/swagger` });

/**
 * An internal error's message reaches only an administrator on a production
 * server (services/context/api.go: Error on Gitea 1.23 and Forgejo,
 * APIErrorInternal from Gitea 1.24); others get an empty message.
 */
const internal = (c: Call, message: string) => error(c, 500, c.user.admin === true ? message : '');

/** The identity git records for the user (the merge or rebase is theirs). */
function identity(c: Call): NodeJS.ProcessEnv {
  const u = c.state.user(c.user.login) as User;
  const name = u.full_name || u.login;
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: u.email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: u.email };
}

/** Work in a temporary clone of `dir` on `branch`; what `work` returns is kept, the clone is removed. */
function inClone<T>(dir: string, branch: string, work: (run: (args: string[]) => string, at: string) => T, env: NodeJS.ProcessEnv): T {
  const at = mkdtempSync(join(tmpdir(), 'kettle-update-'));
  try {
    git(at, ['clone', '-q', '--branch', branch, dir, '.']);
    return work((args) => git(at, args, { env }), at);
  } finally {
    rmSync(at, { recursive: true, force: true });
  }
}

const count = (dir: string, range: string) => Number(tryGit(dir, ['rev-list', '--count', range]) ?? '0');

// Pull requests ------------------------------------------------------------

/**
 * routers/api/v1/repo/pull.go UpdatePullRequest: 404 for no pull request; 422
 * for a merged or closed one ("pull request is already merged/closed" from
 * Gitea 1.27, "%!s(<nil>)" before and on Forgejo: recorded); a bare 403
 * without the right to push to the head; services/pull/update.go Update: a
 * head not behind its base is a 500 "HeadBranch of PR N is up to date"
 * (recorded); a conflict 409 "merge failed because of conflict" or "rebase
 * failed because of conflict" (recorded); else 200 with no body. The merge
 * commit is "Merge branch 'BASE' into HEAD" (recorded).
 */
const updatePull: Handler = (c) => {
  const repo = visibleRepo(c);
  const pr = /^\d+$/.test(c.params.index ?? '') ? c.state.issue(repo, Number(c.params.index)) : undefined;
  if (!pr?.pull) throw notFound(c.state.apiRoot);
  const worded = !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27');
  if (pr.pull.merged) throw error(c, 422, worded ? 'pull request is already merged' : '%!s(<nil>)');
  if (pr.state === 'closed') throw error(c, 422, worded ? 'pull request is already closed' : '%!s(<nil>)');
  const extra = pullExtraOf(c.state, pr);
  const headRepo = (extra.headRepoId !== undefined ? c.state.repoById(extra.headRepoId) : undefined) ?? repo;
  if (!c.state.canWrite(c.user.login, headRepo)) return { status: 403, raw: '' };
  const rebase = c.query.get('style') === 'rebase';
  const { head, base } = pr.pull;
  const upToDate = internal(c, `HeadBranch of PR ${pr.number} is up to date`);
  // A fork's head is left to the record alone: it reads as up to date.
  const dir = extra.headRepoId === undefined && !extra.agit ? ensureBare(c.state, repo) : undefined;
  if (dir === undefined || refSha(dir, `refs/heads/${head}`) === undefined || refSha(dir, `refs/heads/${base}`) === undefined) throw upToDate;
  if (count(dir, `refs/heads/${head}..refs/heads/${base}`) === 0) throw upToDate;
  const before = headsOf(dir);
  inClone(
    dir,
    head,
    (run) => {
      try {
        run(['fetch', '-q', 'origin', `refs/heads/${base}:refs/remotes/origin/${base}`]);
        if (rebase) run(['rebase', '-q', `origin/${base}`]);
        else run(['merge', '-q', '--no-ff', '-m', `Merge branch '${base}' into ${head}`, `origin/${base}`]);
      } catch {
        throw error(c, 409, `${rebase ? 'rebase' : 'merge'} failed because of conflict`);
      }
      run(['push', '-q', '--force', 'origin', `HEAD:refs/heads/${head}`]);
    },
    identity(c),
  );
  syncBranches(c.state, repo, before);
  return { status: 200, raw: '' };
};

// Forks ------------------------------------------------------------------

function parentOf(c: Call, repo: Repo): Repo | undefined {
  const id = repoExtraOf(c.state, repo).parent;
  return id === undefined ? undefined : c.state.repoById(id);
}

/** The parent's branch in the fork's git folder, as FETCH_HEAD (a fork is a copy: its parent's new commits are not in it). */
function fetchParent(forkDir: string, parentDir: string, branch: string): string | undefined {
  return tryGit(forkDir, ['fetch', '-q', parentDir, `refs/heads/${branch}`]) === undefined ? undefined : refSha(forkDir, 'FETCH_HEAD');
}

/**
 * Gitea's routers/api/v1/repo/branch.go MergeUpstream (from 1.23.1; not in
 * Forgejo, recorded "404 page not found") → services/repository/merge_upstream.go:
 * writers only; not a fork: 400 "repo is not a fork" until 1.26.3, a 500
 * (a nil parent read by the base-permission check) from 1.26.4 (recorded from
 * 1.27.0); no such branch in the fork: 404 "branch does not exist [repo_id: N
 * name: B]" (recorded); the parent's branch of the same name, else its default
 * branch; "up-to-date" when the parent has nothing new, "fast-forward" when
 * pushing it succeeds, else 400 "fast-forward merge not possible: branch has
 * diverged" with ff_only (read from 1.25; recorded from 1.27.0), or a merge
 * commit "merge upstream" (recorded from 1.23.8).
 */
const mergeUpstream: Handler = (c) => {
  if (c.flavor.forgejo) return NO_ROUTE;
  const repo = visibleRepo(c);
  if (!c.state.canWrite(c.user.login, repo)) throw forbidden('user should have a permission to write to a repo');
  const parent = parentOf(c, repo);
  if (!parent) {
    if (flavorAtLeast(c.flavor, '1.26.4'))
      return { status: 500, raw: 'PANIC: runtime error: invalid memory address or nil pointer dereference\n', headers: { 'content-type': 'text/plain; charset=utf-8' } };
    throw error(c, 400, 'repo is not a fork');
  }
  const body = obj(c.body);
  const branch = typeof body.branch === 'string' ? body.branch : '';
  if (!repo.branches.includes(branch)) throw error(c, 404, `branch does not exist [repo_id: ${repo.id} name: ${branch}]`);
  const from = parent.branches.includes(branch) ? branch : repoExtraOf(c.state, parent).default_branch;
  const reply = (type: string): Reply => ({ status: 200, body: { merge_type: type } });
  const forkDir = ensureBare(c.state, repo);
  const parentDir = ensureBare(c.state, parent);
  if (forkDir === undefined || parentDir === undefined) return reply('up-to-date');
  const theirs = fetchParent(forkDir, parentDir, from);
  const ours = refSha(forkDir, `refs/heads/${branch}`);
  if (theirs === undefined || ours === undefined || count(forkDir, `${ours}..${theirs}`) === 0) return reply('up-to-date');
  const before = headsOf(forkDir);
  if (tryGit(forkDir, ['merge-base', '--is-ancestor', ours, theirs]) !== undefined) {
    git(forkDir, ['update-ref', `refs/heads/${branch}`, theirs]);
    syncBranches(c.state, repo, before);
    return reply('fast-forward');
  }
  if (flavorAtLeast(c.flavor, '1.25') && body.ff_only === true) throw error(c, 400, 'fast-forward merge not possible: branch has diverged');
  inClone(
    forkDir,
    branch,
    (run) => {
      run(['fetch', '-q', parentDir, `refs/heads/${from}`]);
      try {
        run(['merge', '-q', '--no-ff', '-m', 'merge upstream', 'FETCH_HEAD']);
      } catch {
        throw internal(c, 'merge failed because of conflict');
      }
      run(['push', '-q', 'origin', `HEAD:refs/heads/${branch}`]);
    },
    identity(c),
  );
  syncBranches(c.state, repo, before);
  return reply('merge');
};

/**
 * Forgejo's services/repository/sync_fork.go GetSyncForkInfo (from Forgejo
 * 12; not in Gitea or Forgejo 11, recorded "404 page not found"): the
 * parent's branch of the same name only; allowed when the fork's head differs
 * from it and is one of its commits (a fast-forward).
 */
function syncInfo(c: Call, repo: Repo, parent: Repo, branch: string) {
  const forkDir = dirOf(c.state, repo);
  const parentDir = dirOf(c.state, parent);
  const fork = forkDir === undefined ? `${repo.id}:${branch}` : refSha(forkDir, `refs/heads/${branch}`);
  const info = { allowed: false, fork_commit: fork ?? '', base_commit: '', commits_behind: 0 };
  if (!parent.branches.includes(branch)) return info;
  const base = parentDir === undefined ? `${parent.id}:${branch}` : (refSha(parentDir, `refs/heads/${branch}`) ?? '');
  info.base_commit = base;
  if (fork === base || forkDir === undefined || parentDir === undefined || fork === undefined) return info;
  if (tryGit(parentDir, ['merge-base', '--is-ancestor', fork, base]) === undefined) return info;
  return { ...info, allowed: true, commits_behind: count(parentDir, `${fork}..${base}`) };
}

/** routers/api/v1/repo/sync_fork.go: 400 "The Repo must be a fork"; a branch the fork lacks 404. */
function syncTarget(c: Call): { repo: Repo; parent: Repo; branch: string } | Reply {
  if (!c.flavor.forgejo || !flavorAtLeast(c.flavor, '12')) return NO_ROUTE;
  const repo = visibleRepo(c);
  if (c.method === 'POST' && !c.state.canWrite(c.user.login, repo)) throw forbidden('user should have a permission to write to a repo');
  const parent = parentOf(c, repo);
  if (!parent) throw error(c, 400, 'The Repo must be a fork');
  const branch = c.params.branch ?? repoExtraOf(c.state, repo).default_branch;
  if (!repo.branches.includes(branch)) throw notFound(c.state.apiRoot);
  return { repo, parent, branch };
}

const syncForkInfo: Handler = (c) => {
  const t = syncTarget(c);
  if ('status' in t) return t;
  return { status: 200, body: syncInfo(c, t.repo, t.parent, t.branch) };
};

/** SyncForkBranch: 400 "You can't sync this branch" unless allowed; then the parent's branch pushed to the fork's, 204. */
const syncFork: Handler = (c) => {
  const t = syncTarget(c);
  if ('status' in t) return t;
  if (!syncInfo(c, t.repo, t.parent, t.branch).allowed) throw error(c, 400, "You can't sync this branch");
  const forkDir = dirOf(c.state, t.repo) as string;
  const before = headsOf(forkDir);
  const theirs = fetchParent(forkDir, dirOf(c.state, t.parent) as string, t.branch) as string;
  git(forkDir, ['update-ref', `refs/heads/${t.branch}`, theirs]);
  syncBranches(c.state, t.repo, before);
  return { status: 204, raw: '' };
};

// Compare ------------------------------------------------------------------

/**
 * services/convert/git_commit.go ToCommit with Stat, Verification and Files
 * (what CompareDiff asks by default): the commit's record, its author and
 * committer as the users their e-mail addresses name (null for none), its
 * parents (with Go's zero time), the files it touches ("added", "removed",
 * "modified") and its line counts.
 */
function commitRecord(c: Call, repo: Repo, dir: string, sha: string): Record<string, unknown> {
  const [, an = '', ae = '', ad = '', cn = '', ce = '', cd = '', parents = '', message = ''] = git(dir, ['log', '-1', '--format=%H%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%P%x00%B', sha]).split(
    '\0',
  );
  const api = `${c.state.apiRoot}/repos/${repo.owner}/${repo.name}/git`;
  const at = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const byEmail = (email: string) => {
    const u = c.state.users.find((x) => x.email.toLowerCase() === email.toLowerCase());
    return u ? c.state.userJson(u) : null;
  };
  const status: Record<string, string> = { A: 'added', D: 'removed', M: 'modified' };
  const files = git(dir, ['diff-tree', '--no-commit-id', '-r', '--root', '--name-status', '--no-renames', sha])
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [kind = '', filename = ''] = line.split('\t');
      return { filename, status: status[kind[0] ?? ''] ?? 'modified' };
    });
  let additions = 0;
  let deletions = 0;
  for (const line of git(dir, ['diff-tree', '--no-commit-id', '-r', '--root', '--numstat', sha]).split('\n').filter(Boolean)) {
    const [plus = '0', minus = '0'] = line.split('\t');
    additions += Number(plus) || 0;
    deletions += Number(minus) || 0;
  }
  return {
    url: `${api}/commits/${sha}`,
    sha,
    created: at(cd),
    html_url: `${c.state.webRoot}/${repo.owner}/${repo.name}/commit/${sha}`,
    commit: {
      url: `${api}/commits/${sha}`,
      author: { name: an, email: ae, date: at(ad) },
      committer: { name: cn, email: ce, date: at(cd) },
      message: `${message.trimEnd()}\n`,
      // The tree named by the commit's own id, as ToCommit writes it (recorded).
      tree: { url: `${api}/trees/${sha}`, sha, created: at(cd) },
      verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
    },
    author: byEmail(ae),
    committer: byEmail(ce),
    parents: parents
      .split(' ')
      .filter(Boolean)
      .map((p) => ({ url: `${api}/commits/${p}`, sha: p, created: '0001-01-01T00:00:00Z' })),
    files,
    stats: { total: additions + deletions, additions, deletions },
  };
}

/**
 * routers/api/v1/repo/compare.go CompareDiff: BASE...HEAD (or BASE..HEAD),
 * each a branch or a commit of this repository; one it does not have is 404
 * (recorded from Gitea 1.23.8 for a fork's commit asked of its parent);
 * `total_commits` counts the commits of HEAD that BASE lacks, and `commits`
 * holds them newest first (git log's order, GetCompareInfo), each as ToCommit
 * makes it (commitRecord). Forgejo adds `files`, every commit's files in turn
 * (recorded from Forgejo 11.0.1; not on Gitea 1.23.8 or 1.27.0). Without git, 404.
 */
const compare: Handler = (c) => {
  const repo = visibleRepo(c);
  const dir = ensureBare(c.state, repo);
  const spec = c.params.basehead ?? '';
  const parts = spec.includes('...') ? spec.split('...') : spec.split('..');
  if (dir === undefined || parts.length !== 2) throw notFound(c.state.apiRoot);
  const resolve = (ref: string) => (repo.branches.includes(ref) ? refSha(dir, `refs/heads/${ref}`) : /^[0-9a-f]{7,40}$/.test(ref) ? refSha(dir, ref) : undefined);
  const base = resolve(parts[0] ?? '');
  const head = resolve(parts[1] ?? '');
  if (base === undefined || head === undefined) throw notFound(c.state.apiRoot);
  const shas = (tryGit(dir, ['rev-list', `${base}..${head}`]) ?? '').split('\n').filter(Boolean);
  const commits = shas.map((sha) => commitRecord(c, repo, dir, sha));
  const body: Record<string, unknown> = { total_commits: commits.length, commits };
  if (c.flavor.forgejo) body.files = commits.flatMap((k) => k.files as unknown[]);
  return { status: 200, body };
};

export const UPDATE_ROUTES: Array<[string, string, Handler]> = [
  ['POST', '/repos/:owner/:repo/pulls/:index/update', updatePull],
  ['POST', '/repos/:owner/:repo/merge-upstream', mergeUpstream],
  ['GET', '/repos/:owner/:repo/sync_fork', syncForkInfo],
  ['POST', '/repos/:owner/:repo/sync_fork', syncFork],
  ['GET', '/repos/:owner/:repo/sync_fork/:branch', syncForkInfo],
  ['POST', '/repos/:owner/:repo/sync_fork/:branch', syncFork],
  ['GET', '/repos/:owner/:repo/compare/:basehead', compare],
];
