// kettle pr merge [NUMBER] [--style … | --merge | --squash | --rebase]
//   [--message TEXT] [--delete-branch] [--auto]
// The merge succeeding decides the exit code: what follows it (reading the
// pull request again, tidying branches) only warns when it fails.
import * as pulls from '../../api/gitea/pulls.js';
import type { MergePullRequestOption, PullRequest } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { currentBranch, git, gitReason } from '../../context/git.js';
import { fullName } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printRecord, renderJson } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { deleteHeadBranch, sameRepository } from './branches.js';
import { prViewColumns } from './columns.js';
import type { MergeOptions } from './defs/merge.js';
import { stateOf } from './show.js';
import { prTarget, resolvePull } from './target.js';

/** --style, or one of its short forms; two different ones are a usage error. */
export function styleOf(opts: MergeOptions): NonNullable<MergeOptions['style']> {
  const given = [
    ...(opts.style !== undefined ? [opts.style] : []),
    ...(['merge', 'squash', 'rebase'] as const).filter((k) => opts[k]),
  ];
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
  const switched = await git(cwd, ctx.env, ['switch', '--quiet', base]);
  if (switched.code !== 0) {
    ctx.warn(`cannot switch to ${base}: ${gitReason(switched)}; the local branch ${head} stays`);
    return;
  }
  const removed = await git(cwd, ctx.env, ['branch', '-D', '--', head]);
  if (removed.code !== 0) ctx.warn(`cannot delete the local branch ${head}: ${gitReason(removed)}`);
  else ctx.success(`Switched to ${base} and deleted the local branch ${head}`);
}

export async function run(ctx: Context, opts: MergeOptions): Promise<void> {
  const style = styleOf(opts);
  if (opts.message !== undefined && opts.message.trim() === '') throw new UsageError('--message must not be empty');
  const target = await prTarget(ctx, opts.repo, opts.number);
  const api = await ctx.api();
  const { repo } = target;
  const { number } = await resolvePull(ctx, api, target, opts.number);
  const what = `pull request #${number} in ${fullName(repo)}`;
  // Read first to name a merged or closed one plainly and to know where the
  // head lives. Best effort: a server without GET of one pull request (the API
  // description lists none) still merges, and the merge itself names a missing one.
  const before = await pulls.get(api, repo, number).catch((err: unknown) => {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) throw err;
    ctx.trace(`cannot read ${what} before merging: ${(err as Error).message}`);
    return undefined;
  });
  const state = before === undefined ? undefined : stateOf(before);
  if (state === 'merged') throw new KettleError(`cannot merge ${what}: it is already merged`);
  if (state === 'closed') throw new KettleError(`cannot merge ${what}: it is closed`);
  const deleteOnServer = opts.deleteBranch && before !== undefined && sameRepository(before);
  // Real servers require the field name "Do".
  const body: MergePullRequestOption = { Do: style };
  if (opts.message !== undefined) body.MergeMessageField = opts.message;
  if (deleteOnServer) body.delete_branch_after_merge = true;
  if (opts.auto) body.merge_when_checks_succeed = true;
  const { scheduled } = await pulls.merge(api, repo, number, body).catch(failure({ action: `merge ${what}`, missing: what, within: { api, repo } }));
  if (scheduled) {
    ctx.success(`Scheduled ${what} to merge (${style}) when its checks succeed${deleteOnServer ? '; its branch will be deleted then' : ''}${webUrl(before)}`);
    if (ctx.flags.json) ctx.io.stdout.write(renderJson({ number, merged: false, scheduled: true }, ctx.flags.fields));
    return;
  }
  ctx.success(`Merged ${what} (${style})${webUrl(before)}`);
  if (opts.deleteBranch) {
    if (before === undefined) ctx.warn(`not deleting the head branch: ${what} could not be read to know which it is`);
    else {
      if (deleteOnServer) await deleteHeadBranch(ctx, api, repo, before, { alreadyAsked: true });
      else ctx.info(`Not deleting ${before.head?.label ?? before.head?.ref ?? 'the head branch'}: it lives in another repository (a fork)`);
      await leaveLocalBranch(ctx, before);
    }
  }
  // The merge answered with an empty body: show the merged pull request as read now.
  const after = await pulls.get(api, repo, number).catch((err: unknown) => {
    ctx.warn(`merged, but cannot read ${what} again: ${(err as Error).message}`);
    return undefined;
  });
  if (after === undefined) {
    if (ctx.flags.json) ctx.io.stdout.write(renderJson({ number, merged: true }, ctx.flags.fields));
    return;
  }
  await printRecord(ctx.io, ctx.flags, after, prViewColumns);
}
