// A pull request's line comments as conversations, as the web page shows
// them: every line comment on one line of one file, whatever review it came
// in, is one conversation (models/issues/comment_code.go
// fetchCodeCommentsByReview keys them by path and signed line), and its state
// is its first comment's (templates/repo/diff/conversation.tmpl reads
// `index .comments 0` for resolved and outdated).
import type { ApiClient } from '../../api/client.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as reviews from '../../api/gitea/reviews.js';
import * as users from '../../api/gitea/users.js';
import type { PullReview, PullReviewComment } from '../../api/gitea/types.js';
import { pageWindow } from '../../api/paginate.js';
import type { RepoRef } from '../../context/repo.js';
import { type DiffFile, lineText, type Side } from './diff-lines.js';

export interface Thread {
  /** The first comment's id: the one resolve and unresolve act on. */
  id: number;
  path: string;
  line: number;
  side: Side;
  state: 'resolved' | 'unresolved' | 'pending';
  resolver: string | null;
  /** The line no longer reads in the diff as it did when commented on (undefined: not known). */
  outdated: boolean | undefined;
  review_id: number;
  html_url: string;
  comments: PullReviewComment[];
}

/**
 * The token user's pending review of a pull request, if any: the servers list
 * a pending review to its author, and to administrators, who see everyone's
 * (services/convert/pull_review.go ToPullReviewList), so it is picked by author.
 */
export async function myPendingReview(api: ApiClient, repo: RepoRef, number: number): Promise<PullReview | undefined> {
  const me = (await users.me(api)).login?.toLowerCase();
  for await (const page of pulls.listReviews(api, repo, number, pageWindow({ all: true }))) {
    const found = page.find((r) => r.state === 'PENDING' && r.user?.login?.toLowerCase() === me);
    if (found) return found;
  }
  return undefined;
}

/** Every review of a pull request and their line comments (those of a review with none are not asked for). */
export async function reviewComments(api: ApiClient, repo: RepoRef, number: number): Promise<{ reviews: PullReview[]; comments: PullReviewComment[] }> {
  const all: PullReview[] = [];
  for await (const page of pulls.listReviews(api, repo, number, pageWindow({ all: true }))) all.push(...page);
  const withComments = all.filter((r) => typeof r.id === 'number' && (r.comments_count === undefined || (r.comments_count ?? 0) > 0));
  const comments: PullReviewComment[] = [];
  // A few at a time: a long review history is read without a burst of requests.
  for (let i = 0; i < withComments.length; i += 4) {
    const batch = await Promise.all(withComments.slice(i, i + 4).map((r) => reviews.comments(api, repo, number, r.id as number)));
    for (const list of batch) comments.push(...list);
  }
  return { reviews: all, comments };
}

function sideOf(c: PullReviewComment): { side: Side; line: number } {
  // convert.ToPullReviewComment: a line of the old side is original_position, of the new side position.
  if ((c.position ?? 0) > 0) return { side: 'new', line: c.position as number };
  return { side: 'old', line: c.original_position ?? 0 };
}

/** Whether the line a comment was made on reads differently in the diff now (its excerpt ends with that line). */
function outdated(c: PullReviewComment, files: DiffFile[] | undefined, side: Side, line: number): boolean | undefined {
  const hunk = (c.diff_hunk ?? '').trimEnd();
  if (files === undefined || hunk === '') return undefined;
  // The server cuts the excerpt from a diff of the one path, where a renamed file has no old side
  // (services/pull/review.go createCodeComment; seen on Gitea 1.27.0): nothing to compare the old side with.
  const file = files.find((f) => (f.newPath ?? f.oldPath) === c.path);
  if (side === 'old' && file?.oldPath !== undefined && file.newPath !== undefined && file.oldPath !== file.newPath) return undefined;
  const last = hunk.split('\n').at(-1) ?? '';
  const now = lineText(files, c.path ?? '', side, line);
  return now === undefined || now !== last.slice(1);
}

/** The conversations, in the order they were started; each one's comments in the order they were made. */
export function threadsOf(found: { reviews: PullReview[]; comments: PullReviewComment[] }, files: DiffFile[] | undefined): Thread[] {
  const pending = new Set(found.reviews.filter((r) => r.state === 'PENDING').map((r) => r.id));
  const byPlace = new Map<string, PullReviewComment[]>();
  for (const c of [...found.comments].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    const { side, line } = sideOf(c);
    const key = `${side === 'new' ? line : -line}\u0000${c.path ?? ''}`;
    const list = byPlace.get(key) ?? [];
    list.push(c);
    byPlace.set(key, list);
  }
  const threads: Thread[] = [];
  for (const comments of byPlace.values()) {
    const first = comments[0] as PullReviewComment;
    const { side, line } = sideOf(first);
    const resolver = first.resolver?.login ?? null;
    threads.push({
      id: first.id ?? 0,
      path: first.path ?? '',
      line,
      side,
      state: pending.has(first.pull_request_review_id) ? 'pending' : resolver ? 'resolved' : 'unresolved',
      resolver,
      outdated: outdated(first, files, side, line),
      review_id: first.pull_request_review_id ?? 0,
      html_url: first.html_url ?? '',
      comments,
    });
  }
  return threads.sort((a, b) => a.id - b.id);
}

/** The conversation a comment is part of, and the comment. */
export function threadWith(threads: Thread[], id: number): { thread: Thread; comment: PullReviewComment } | undefined {
  for (const thread of threads) {
    const comment = thread.comments.find((c) => c.id === id);
    if (comment) return { thread, comment };
  }
  return undefined;
}
