// kettle pr review NUMBER (--approve | --request-changes | --comment) [--body …]
//   [--comment-on FILE:LINE[-LINE][:old] --body TEXT]...
// With line comments and no verdict the review stays pending (its author's
// alone), and later runs add to it: CreatePullReview adds the comments to the
// user's current pending review, creating one when there is none
// (services/pull/review.go CreateCodeComment, GetCurrentReview).
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { ApiClient } from '../../api/client.js';
import type { CreatePullReviewComment, CreatePullReviewOptions } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readTextFile } from '../input.js';
import { webUrl } from '../records.js';
import { parseDiff, type Placed, parseSpot, place, type Spot } from './diff-lines.js';
import { prNumber } from './shared.js';
import { myPendingReview } from './threads.js';
import type { OptionsOf, Placed as Given } from '../../spec/spec.js';
import type * as definition from './defs/review.js';

export type ReviewOptions = OptionsOf<typeof definition.review>;

export const EVENTS = { approve: 'APPROVED', requestChanges: 'REQUEST_CHANGES', comment: 'COMMENT' } as const;
export type Event = (typeof EVENTS)[keyof typeof EVENTS];
export const DONE = { APPROVED: 'Approved', REQUEST_CHANGES: 'Requested changes on', COMMENT: 'Reviewed' } as const;

/**
 * What a pending review carries as its body when none was given: every
 * server refuses a pending review without one (routers/api/v1/repo/pull_review.go
 * preparePullReviewType: "review event  requires a body", on Gitea 1.23.8,
 * 1.27.0 and Forgejo 11.0.1 alike), and submitting replaces it
 * (models/issues/review.go SubmitReview sets the content anew), so nobody
 * else ever reads it. `review submit` without --body sends an empty body in its place.
 */
export const PENDING_PLACEHOLDER = 'Pending review (kettle)';

export const reviewColumns = [
  { key: 'id', header: 'ID' },
  { key: 'state', header: 'STATE' },
  { key: 'user.login', header: 'REVIEWER' },
  { key: 'comments_count', header: 'COMMENTS' },
  { key: 'html_url', header: 'URL' },
  { key: 'body', header: 'BODY' },
];

/** The one verdict flag given, or undefined; more than one is a usage error. */
export function verdictOf(opts: { approve: boolean; requestChanges: boolean; comment: boolean }): Event | undefined {
  const chosen = (Object.keys(EVENTS) as Array<keyof typeof EVENTS>).filter((k) => opts[k]);
  if (chosen.length > 1) throw new UsageError('give only one of --approve, --request-changes and --comment');
  return chosen[0] === undefined ? undefined : EVENTS[chosen[0]];
}

interface Paired {
  /** A --body before the first --comment-on. */
  reviewBody: string | undefined;
  comments: Array<{ spot: Spot; body: string }>;
}

/** Each --comment-on with the --body that follows it; a --body before any --comment-on is the review's. */
export function pair(bodies: readonly Given[], places: readonly Given[]): Paired {
  const events = [...bodies.map((b) => ({ kind: 'body' as const, ...b })), ...places.map((p) => ({ kind: 'place' as const, ...p }))].sort((a, b) => a.at - b.at);
  let reviewBody: string | undefined;
  const comments: Paired['comments'] = [];
  let open: { spot: Spot; body?: string } | undefined;
  for (const e of events) {
    if (e.kind === 'place') {
      if (open && open.body === undefined) throw new UsageError(`--comment-on ${open.spot.given} has no text: give --body TEXT right after it`);
      open = { spot: parseSpot(e.value) };
      comments.push(open as { spot: Spot; body: string });
    } else if (open === undefined) {
      if (reviewBody !== undefined) throw new UsageError("give the review's body once: --body before any --comment-on, or --body-file");
      reviewBody = e.value;
    } else if (open.body === undefined) {
      if (e.value.trim() === '') throw new UsageError(`the text of --comment-on ${open.spot.given} is empty; nothing was sent`);
      open.body = e.value;
    } else {
      throw new UsageError(`--comment-on ${open.spot.given} has two --body; the review's own body goes before the first --comment-on (or in --body-file)`);
    }
  }
  if (open && open.body === undefined) throw new UsageError(`--comment-on ${open.spot.given} has no text: give --body TEXT right after it`);
  return { reviewBody, comments };
}

/**
 * A checked place as CreatePullReview takes it: a line of one side. The
 * servers anchor a comment on one line (Forgejo 16's extra_lines_count is in no
 * description known here), so a range goes on its last line, whose excerpt
 * (the lines above it, services/pull/review.go createCodeComment) shows the range.
 */
export function lineComment(at: Placed, body: string): CreatePullReviewComment {
  return { path: at.path, body, ...(at.side === 'new' ? { new_position: at.end } : { old_position: at.end }) };
}

/** Check every place against the pull request's diff (read once), before anything is sent. */
async function placeAll(api: ApiClient, repo: RepoRef, number: number, what: string, comments: Paired['comments']): Promise<Array<{ at: Placed; body: string }>> {
  const text = await pulls.diff(api, repo, number).catch(failure({ action: `read the changes of ${what}`, missing: what, within: { api, repo } }));
  const files = parseDiff(text);
  return comments.map((c) => ({ at: place(files, c.spot, what), body: c.body }));
}

export async function run(ctx: Context, opts: ReviewOptions): Promise<void> {
  const number = prNumber(opts.number);
  const event = verdictOf(opts);
  const { reviewBody, comments } = pair(opts.body, opts.commentOn);
  if (reviewBody !== undefined && opts.bodyFile !== undefined) throw new UsageError('use either --body or --body-file, not both');
  if (event === undefined && comments.length === 0) {
    throw new UsageError('say what the review is: --approve, --request-changes or --comment (or start a pending review with --comment-on FILE:LINE --body TEXT)');
  }
  let body = opts.bodyFile !== undefined ? await readTextFile(ctx, opts.bodyFile, '--body-file', { allowEmpty: true }) : reviewBody;
  // A request for changes needs a body; a comment needs a body or line comments (preparePullReviewType).
  const needsBody = event === 'REQUEST_CHANGES' || (event === 'COMMENT' && comments.length === 0);
  if (needsBody && body !== undefined && body.trim() === '') throw new UsageError('the body is empty; nothing was sent');
  if (needsBody && body === undefined) {
    const flag = event === 'COMMENT' ? '--comment' : '--request-changes';
    if (!canPrompt(ctx.io)) throw new UsageError(`${flag} needs a body: give --body TEXT or --body-file FILE`);
    body = await ask(ctx.io, '--body', { message: event === 'COMMENT' ? 'Review comment' : 'What should change?' });
  }
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const { repo } = at;
  const api = await at.api();
  const what = `pull request #${number} in ${fullName(repo)}`;
  const placed = comments.length > 0 ? await placeAll(api, repo, number, what, comments) : [];
  if (event === undefined && (body === undefined || body.trim() === '')) {
    // Adding to a pending review replaces its body: the one it has is sent again.
    const pending = await myPendingReview(api, repo, number).catch(failure({ action: `review ${what}`, missing: what, within: { api, repo } }));
    body = pending?.body?.trim() ? pending.body : PENDING_PLACEHOLDER;
  }
  if (placed.some((p) => p.at.end > p.at.start)) ctx.term.info('kettle: the server anchors a line comment on one line: a range is placed on its last line');
  const request: CreatePullReviewOptions = {
    ...(event !== undefined ? { event } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(placed.length > 0 ? { comments: placed.map((p) => lineComment(p.at, p.body)) } : {}),
  };
  const review = await pulls.createReview(api, repo, number, request).catch(failure({ action: `review ${what}`, missing: what, within: { api, repo } }));
  const lines = placed.length === 1 ? ' with 1 line comment' : placed.length > 1 ? ` with ${placed.length} line comments` : '';
  if (event === undefined) {
    ctx.term.success(
      `Added ${placed.length === 1 ? '1 line comment' : `${placed.length} line comments`} to your pending review of ${what}; send it with: kettle pr review submit ${number} -R ${fullName(repo)} --approve|--request-changes|--comment`,
    );
  } else {
    ctx.term.success(`${DONE[event]} ${what}${lines}${webUrl(review)}`);
  }
  await printRecord(ctx.io, ctx.output, review, reviewColumns);
}
