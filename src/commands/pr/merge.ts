// kettle pr merge [NUMBER] [--style … | --merge | --squash | --rebase]
//   [--subject TEXT] [--message TEXT] [--delete-branch] [--auto]
// The merge succeeding decides the exit code: what follows it (reading the
// pull request again, tidying branches) only warns when it fails.
import { target } from '../../context/target.js';
import type { ApiClient } from '../../api/client.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import type { MergePullRequestOption, PullRequest } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { currentBranch, git, gitReason } from '../../context/git.js';
import { hostOf } from '../../api/url.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { atLeast } from '../../context/server.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printJson, printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { otherPullsOn, sameRepository } from './branches.js';
import { prViewColumns } from './columns.js';
import { stateOf } from './show.js';
import { resolvePull } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/merge.js';

export type MergeOptions = OptionsOf<typeof definition.merge>;

/** --style, or one of its short forms; two different ones are a usage error. */
export function styleOf(opts: MergeOptions): NonNullable<MergeOptions['style']> {
  const given = [...(opts.style !== undefined ? [opts.style] : []), ...(['merge', 'squash', 'rebase'] as const).filter((k) => opts[k])];
  const distinct = [...new Set(given)];
  if (distinct.length > 1) throw new UsageError(`give one merge style, not ${distinct.join(' and ')}`);
  return distinct[0] ?? 'merge';
}

/** After the head branch is gone: leave it locally too when it is checked out here. */
async function leaveLocalBranch(ctx: Context, pr: PullRequest): Promise<void> {
  const { cwd } = ctx.io;
  const head = pr.head?.ref;
  const base = pr.base?.ref;
  if (!head || !base || (await currentBranch(cwd, ctx.env)) !== head) return;
  const switched = await git(cwd, ctx.env, ['switch', '--quiet', base], { dryRun: ctx.dryRun, on: 'local' });
  if (switched.code !== 0) {
    ctx.term.warn(`cannot switch to ${base}: ${gitReason(switched)}; the local branch ${head} stays`);
    return;
  }
  const removed = await git(cwd, ctx.env, ['branch', '-D', '--', head], { dryRun: ctx.dryRun, on: 'local' });
  if (removed.code !== 0) ctx.term.warn(`cannot delete the local branch ${head}: ${gitReason(removed)}`);
  else ctx.term.success(`Switched to ${base} and deleted the local branch ${head}`);
}

/** Styles that make no merge commit, so a subject or message has nowhere to go. */
const NO_MERGE_COMMIT: ReadonlyArray<MergeOptions['style']> = ['rebase', 'fast-forward-only'];

/**
 * After a merge that asked the server to delete the head branch: whether it
 * did. The servers keep it in silence when another open pull request still
 * uses it, and Gitea also when it is protected, the default branch, or the
 * user may not delete it; kettle says what the server kept rather than
 * deleting it itself.
 */
async function reportServerDeletion(ctx: Context, api: ApiClient, repo: RepoRef, pr: PullRequest, refusal: string | undefined): Promise<void> {
  const branch = pr.head?.ref;
  if (!branch) return;
  const where = fullName(repo);
  const exists = await repos.branchExists(api, repo, branch).catch((err: unknown) => {
    ctx.term.warn(`cannot tell whether the server deleted branch ${branch} in ${where}: ${(err as Error).message}`);
    return undefined;
  });
  if (exists === undefined) return;
  if (!exists) {
    ctx.term.success(`Deleted branch ${branch} in ${where}`);
    await leaveLocalBranch(ctx, pr);
    return;
  }
  let why = refusal;
  if (why === undefined) {
    const open = await otherPullsOn(api, repo, pr).catch(() => []);
    why = open.length > 0 ? `open pull request ${open.join(', ')} still uses it` : 'it may be protected or the default branch, or deleting it needs more access';
  }
  ctx.term.warn(`the server kept branch ${branch} in ${where}: ${why}`);
}

export async function run(ctx: Context, opts: MergeOptions): Promise<void> {
  const style = styleOf(opts);
  if (opts.subject !== undefined && opts.subject.trim() === '') throw new UsageError('--subject must not be empty');
  if (opts.message !== undefined && opts.message.trim() === '') throw new UsageError('--message must not be empty');
  if (NO_MERGE_COMMIT.includes(style)) {
    const given = [...(opts.subject !== undefined ? ['--subject'] : []), ...(opts.message !== undefined ? ['--message'] : [])];
    if (given.length > 0) throw new UsageError(`${given.join(' and ')} cannot be used with --style ${style}: it makes no merge commit, so the server ignores ${given.length > 1 ? 'them' : 'it'}`);
  }
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const api = await at.api();
  const { repo } = at;
  const { number } = await resolvePull(ctx, api, at, opts.number);
  const what = `pull request #${number} in ${fullName(repo)}`;
  // Read first to name a merged or closed one plainly and to know where the
  // head lives. Best effort: a server without GET of one pull request (the API
  // description lists none) still merges, and the merge itself names a missing one.
  const before = await pulls.get(api, repo, number).catch((err: unknown) => {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) throw err;
    ctx.term.trace(`cannot read ${what} before merging: ${(err as Error).message}`);
    return undefined;
  });
  const state = before === undefined ? undefined : stateOf(before);
  // Already merged is what was asked: a note, as closing a closed one is.
  if (state === 'merged' && before !== undefined) {
    ctx.term.info(`${what[0]?.toUpperCase()}${what.slice(1)} is already merged; nothing was sent`);
    await printRecord(ctx.io, ctx.output, before, prViewColumns);
    return;
  }
  if (state === 'closed') throw new KettleError(`cannot merge ${what}: it is closed`);
  const deleteOnServer = opts.deleteBranch && before !== undefined && sameRepository(before);
  if (opts.auto && deleteOnServer) {
    // services/automerge ScheduleAutoMerge takes the delete-branch choice from
    // Gitea 1.24 and in every Forgejo; Gitea 1.23 would merge and keep the branch.
    const server = await ctx.server();
    if (server.flavour === 'gitea' && !atLeast(server, 'gitea', '1.24')) {
      throw new KettleError(
        `pr merge --auto --delete-branch needs Gitea 1.24 or later, or Forgejo; ${hostOf(api.root)} runs Gitea ${server.version}, which would keep the branch: merge with --auto alone and delete the branch once merged`,
      );
    }
  }
  // The API layer sends each field under both spellings servers have described.
  const body: MergePullRequestOption = { Do: style };
  if (opts.subject !== undefined) body.MergeTitleField = opts.subject;
  if (opts.message !== undefined) body.MergeMessageField = opts.message;
  // Always said: from Gitea 1.25 its absence means the repository's default,
  // which may delete a branch the user did not ask to lose.
  body.delete_branch_after_merge = deleteOnServer;
  if (opts.auto) body.merge_when_checks_succeed = true;
  // Forgejo merges, then answers 403 when it may not delete the head branch
  // (protected, the default branch, no write access): the merge is done.
  let refusal: string | undefined;
  const { scheduled } = await mergeWhenChecked(ctx, () => pulls.merge(api, repo, number, body), what).catch(async (err: unknown) => {
    if (deleteOnServer && err instanceof ApiError && err.status === 403) {
      const now = await pulls.get(api, repo, number).catch(() => undefined);
      if (now !== undefined && stateOf(now) === 'merged') {
        refusal = `${err.serverMessage ?? 'permission denied'} (HTTP 403 after the merge)`;
        return { scheduled: false, data: undefined };
      }
    }
    return failure({ action: `merge ${what}`, missing: what, within: { api, repo } })(err);
  });
  if (scheduled) {
    ctx.term.success(`Scheduled ${what} to merge (${style}) when its checks succeed${deleteOnServer ? '; the server will delete its branch then' : ''}${webUrl(before)}`);
    if (ctx.output.kind !== 'view') printJson(ctx.io, ctx.output, { number, merged: false, scheduled: true });
    return;
  }
  ctx.term.success(`Merged ${what} (${style})${webUrl(before)}`);
  if (opts.deleteBranch) {
    if (before === undefined) ctx.term.warn(`not deleting the head branch: ${what} could not be read to know which it is`);
    else if (deleteOnServer) await reportServerDeletion(ctx, api, repo, before, refusal);
    else {
      ctx.term.info(`Not deleting ${before.head?.label ?? before.head?.ref ?? 'the head branch'}: it lives in another repository (a fork)`);
      await leaveLocalBranch(ctx, before);
    }
  }
  // The merge answered with an empty body: show the merged pull request as read now.
  const after = await pulls.get(api, repo, number).catch((err: unknown) => {
    ctx.term.warn(`merged, but cannot read ${what} again: ${(err as Error).message}`);
    return undefined;
  });
  if (after === undefined) {
    if (ctx.output.kind !== 'view') printJson(ctx.io, ctx.output, { number, merged: true });
    return;
  }
  await printRecord(ctx.io, ctx.output, after, prViewColumns);
}

/**
 * How long a merge waits, in all, for the server to finish checking a pull
 * request it has just been given. The servers answer a conflicting pull
 * request with the same words, so the wait is short: a conflict is reported
 * after it.
 */
const CHECKING_WAIT_MS = 8_000;

/**
 * Merge, waiting while the server is still checking whether the pull request
 * merges cleanly (pulls.stillChecking: a new pull request or a fresh push; a
 * real Gitea 1.23.8 took about 1.5 s). The wait is bounded (0.5, 1, 2 and 4 s)
 * and said once on stderr; past it, the server's refusal stands.
 */
async function mergeWhenChecked<T>(ctx: Context, merge: () => Promise<T>, what: string): Promise<T> {
  let waited = 0;
  for (let pause = 500; ; pause = Math.min(pause * 2, 4000)) {
    try {
      return await merge();
    } catch (err) {
      if (!pulls.stillChecking(err) || waited + pause > CHECKING_WAIT_MS) throw err;
      if (waited === 0) ctx.term.info(`The server is still checking whether ${what} can be merged; trying again shortly.`);
      await ctx.io.sleep(pause);
      waited += pause;
    }
  }
}
