// kettle pr review submit NUMBER (--approve | --request-changes | --comment) [--body …]
// kettle pr review discard NUMBER
// Both act on the pending review of the token's user (threads.ts myPendingReview).
import { target } from '../../context/target.js';
import * as reviews from '../../api/gitea/reviews.js';
import type { ApiClient } from '../../api/client.js';
import type { PullReview } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readBody } from '../input.js';
import { webUrl } from '../records.js';
import { DONE, PENDING_PLACEHOLDER, reviewColumns, verdictOf } from './review.js';
import { prNumber } from './shared.js';
import { myPendingReview } from './threads.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/review.js';

export type SubmitOptions = OptionsOf<typeof definition.submit>;
export type DiscardOptions = OptionsOf<typeof definition.discard>;

interface Place {
  api: ApiClient;
  repo: RepoRef;
  number: number;
  what: string;
}

async function placeOf(ctx: Context, opts: { number: string; repo: string | undefined }): Promise<Place> {
  const number = prNumber(opts.number);
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  return { api: await at.api(), repo: at.repo, number, what: `pull request #${number} in ${fullName(at.repo)}` };
}

/** The token user's pending review of the pull request, if any. */
function pendingReview(at: Place, action: string): Promise<PullReview | undefined> {
  return myPendingReview(at.api, at.repo, at.number).catch(failure({ action: `${action} ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } }));
}

function counted(n: number | undefined): string {
  return n === 1 ? '1 line comment' : `${n ?? 0} line comments`;
}

export async function runSubmit(ctx: Context, opts: SubmitOptions): Promise<void> {
  const event = verdictOf(opts);
  if (event === undefined) throw new UsageError('say what the review is: --approve, --request-changes or --comment');
  let body = await readBody(ctx, opts);
  const at = await placeOf(ctx, opts);
  const pending = await pendingReview(at, 'submit the review of');
  if (!pending || typeof pending.id !== 'number') {
    throw new KettleError(`you have no pending review of ${at.what}; start one with: kettle pr review ${at.number} -R ${fullName(at.repo)} --comment-on FILE:LINE --body TEXT`);
  }
  // Submitting replaces the review's body (models/issues/review.go SubmitReview): without --body, the one it was started with is kept.
  body ??= pending.body === PENDING_PLACEHOLDER ? '' : pending.body;
  // SubmitPullReview asks preparePullReviewType with len(review.Comments), a list it never loads: a comment
  // needs a body there even when the review has line comments (422 "review event COMMENT requires a body or a
  // comment" from Gitea 1.27.0 for a pending review with three).
  const needsBody = event !== 'APPROVED';
  if (needsBody && (body === undefined || body.trim() === '')) {
    const flag = event === 'COMMENT' ? '--comment' : '--request-changes';
    if (!canPrompt(ctx.io)) throw new UsageError(`${flag} needs a body: give --body TEXT or --body-file FILE`);
    body = await ask(ctx.io, '--body', { message: event === 'COMMENT' ? 'Review comment' : 'What should change?' });
  }
  const review = await reviews
    .submit(at.api, at.repo, at.number, pending.id, { event, body: body ?? '' })
    .catch(failure({ action: `submit the review of ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } }));
  ctx.term.success(`${DONE[event]} ${at.what} with ${counted(review.comments_count ?? pending.comments_count)}${webUrl(review)}`);
  await printRecord(ctx.io, ctx.output, review, reviewColumns);
}

export async function runDiscard(ctx: Context, opts: DiscardOptions): Promise<void> {
  const at = await placeOf(ctx, opts);
  const pending = await pendingReview(at, 'discard the review of');
  if (!pending || typeof pending.id !== 'number') {
    ctx.term.info(`kettle: you have no pending review of ${at.what}; nothing was changed`);
    return;
  }
  await reviews.remove(at.api, at.repo, at.number, pending.id).catch(failure({ action: `discard the review of ${at.what}`, missing: at.what, within: { api: at.api, repo: at.repo } }));
  ctx.term.success(`Discarded your pending review of ${at.what} (${counted(pending.comments_count)})`);
}
