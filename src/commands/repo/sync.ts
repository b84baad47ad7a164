// kettle repo sync [OWNER/NAME] [--branch BRANCH]: a mirror fetches from its
// source now; a fork's branch is brought up to date with its parent by the
// server's own fork update, as a fast-forward only: Gitea's merge-upstream
// (from 1.23.1; ff_only from 1.25, before which kettle checks first, as the
// server would merge a diverged branch), Forgejo's sync_fork (from 12).
import { target } from '../../context/target.js';
import * as features from '../../api/gitea/actions-features.js';
import * as branches from '../../api/gitea/branches.js';
import * as repos from '../../api/gitea/repos.js';
import * as settings from '../../api/gitea/repo-settings.js';
import type { ApiClient } from '../../api/client.js';
import type { Repository } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { connect, requireFeature } from '../runs.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/sync.js';

export type SyncOptions = OptionsOf<typeof definition.sync>;

interface Fork {
  api: ApiClient;
  repo: RepoRef;
  parent: RepoRef;
  /** The parent's default branch: Gitea syncs a branch the parent lacks from it. */
  parentDefault: string;
  branch: string;
}

function refOf(record: Repository | null | undefined): RepoRef | undefined {
  const [owner, name] = String(record?.full_name ?? '').split('/');
  return owner && name ? { owner, name } : undefined;
}

function diverged(f: Fork, parentBranch: string): KettleError {
  return new KettleError(
    `cannot sync ${fullName(f.repo)}: its branch ${f.branch} has commits that ${fullName(f.parent)} ${parentBranch} lacks (it has diverged); only a fast-forward is made, so nothing was changed`,
  );
}

export async function run(ctx: Context, opts: SyncOptions): Promise<void> {
  const wanted = opts.branch?.trim();
  if (wanted === '') throw new UsageError('--branch needs a branch name');
  const at = await target(ctx, { ownerName: opts.ownerName, repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const api = await at.api();
  const record = await repos.get(api, repo).catch(failure({ action: `read ${name}`, missing: `repository ${name}` }));
  const parent = record.fork === true ? refOf(record.parent) : undefined;
  if (record.mirror !== true && parent === undefined) throw new KettleError(`cannot sync ${name}: it is neither a mirror nor a fork`);
  if (record.mirror === true) {
    if (wanted !== undefined) throw new UsageError(`--branch applies to a fork; ${name} is a mirror, which fetches every branch`);
    await settings.mirrorSync(api, repo).catch((err: unknown) => {
      // routers/api/v1/repo/mirror.go MirrorSync: 400 "Repository is not a mirror".
      if (err instanceof ApiError && err.status === 400) throw err.withMessage(`cannot sync ${name}: ${err.serverMessage ?? 'HTTP 400'}`);
      return failure({ action: `sync ${name}`, missing: `repository ${name}` })(err);
    });
    ctx.term.success(`Asked ${name} to fetch from its source; the server syncs it in the background`);
    return;
  }
  const place = await connect(at);
  requireFeature(place, 'forkSync', 'kettle repo sync of a fork');
  const fork: Fork = {
    api,
    repo,
    parent: parent as RepoRef,
    parentDefault: record.parent?.default_branch ?? 'main',
    branch: wanted ?? record.default_branch ?? 'main',
  };
  if (place.server.flavour === 'forgejo') await forgejoSync(ctx, fork);
  else await giteaSync(ctx, fork, features.offers(place.server, 'forkSyncFastForwardOnly'));
}

function upToDate(ctx: Context, f: Fork, parentBranch: string): void {
  ctx.term.info(`kettle: ${fullName(f.repo)} ${f.branch} is already up to date with ${fullName(f.parent)} ${parentBranch}; nothing was changed`);
}

function missingBranch(f: Fork): (err: unknown) => Promise<never> {
  return failure({ action: `sync ${fullName(f.repo)}`, missing: `branch "${f.branch}" in ${fullName(f.repo)}` });
}

/**
 * services/repository/merge_upstream.go MergeUpstream: the parent's branch of
 * the same name, else its default branch, pushed to the fork's branch when a
 * fast-forward; otherwise a merge commit, unless ff_only (Gitea 1.25 and
 * later) makes it a 400 "fast-forward merge not possible: branch has diverged"
 * (recorded from Gitea 1.27.0; 1.23.8 merged).
 */
async function giteaSync(ctx: Context, f: Fork, fastForwardOnly: boolean): Promise<void> {
  const parentBranch = (await repos.branchExists(f.api, f.parent, f.branch)) ? f.branch : f.parentDefault;
  if (!fastForwardOnly) {
    // Without ff_only the server would merge: kettle asks the parent whether the fork's head is behind its branch.
    const head = await branches.getBranch(f.api, f.repo, f.branch).catch(missingBranch(f));
    const sha = head.commit?.id ?? '';
    // The compare endpoint answers 404 for a commit the parent does not have (recorded from Gitea 1.23.8).
    const ahead = await repos.commitsAhead(f.api, f.parent, parentBranch, sha).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return 1;
      return failure({ action: `compare ${fullName(f.repo)} with ${fullName(f.parent)}` })(err);
    });
    if (ahead > 0) throw diverged(f, parentBranch);
  }
  const answer = await repos.mergeUpstream(f.api, f.repo, { branch: f.branch, ...(fastForwardOnly ? { ff_only: true } : {}) }).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 400 && /diverged/i.test(err.serverMessage ?? '')) throw diverged(f, parentBranch);
    // GetUpstreamDivergingInfo: 404 "branch does not exist [repo_id: …, name: …]" (recorded).
    return missingBranch(f)(err);
  });
  const how = answer.merge_type ?? '';
  if (how === 'up-to-date') return upToDate(ctx, f, parentBranch);
  const did = how === 'fast-forward' ? 'Fast-forwarded' : how === 'merge' ? 'Merged' : 'Updated';
  ctx.term.success(`${did} ${fullName(f.repo)} ${f.branch} ${how === 'merge' ? 'with' : 'to'} ${fullName(f.parent)} ${parentBranch}`);
}

/**
 * Forgejo's routers/api/v1/repo/sync_fork.go: GET tells whether the branch may
 * be synced (services/repository/sync_fork.go GetSyncForkInfo: the parent has
 * a branch of the same name, and the fork's head is on it); POST answers a
 * refused one 400 "You can't sync this branch", which kettle words first.
 */
async function forgejoSync(ctx: Context, f: Fork): Promise<void> {
  const info = await repos.syncForkInfo(f.api, f.repo, f.branch).catch(missingBranch(f));
  if (!info.base_commit)
    throw new KettleError(`cannot sync ${fullName(f.repo)}: ${fullName(f.parent)} has no branch "${f.branch}" (Forgejo syncs a branch with its namesake only); nothing was changed`);
  if (info.fork_commit === info.base_commit) return upToDate(ctx, f, f.branch);
  if (info.allowed !== true) throw diverged(f, f.branch);
  await repos.syncFork(f.api, f.repo, f.branch).catch(missingBranch(f));
  const behind = info.commits_behind ?? 0;
  ctx.term.success(`Fast-forwarded ${fullName(f.repo)} ${f.branch} to ${fullName(f.parent)} ${f.branch}${behind > 0 ? ` (${behind} commit${behind === 1 ? '' : 's'})` : ''}`);
}
