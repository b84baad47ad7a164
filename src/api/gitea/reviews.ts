// A pull request's reviews beyond creating one (pulls.ts): a review's line
// comments, submitting or deleting a pending review, replying to a line
// comment, resolving its conversation.
// /repos/{owner}/{repo}/pulls/{index}/reviews/{id}…, /pulls/{index}/comments/{id}/replies,
// /pulls/comments/{id}/resolve and /unresolve.
import type { RepoRef } from '../repo.js';
import type { ApiClient } from '../client.js';
import type { Shape } from '../response.js';
import { p } from '../url.js';
import { pullPath } from './pulls.js';
import { repoPath } from './repos.js';
import { done, list, record } from './send.js';
import type { PullReview, PullReviewComment, SubmitPullReviewOptions } from './types.js';

/** The fields of a line comment kettle reads (expectFields). */
const COMMENT_SHAPE: Shape = { id: 'number', path: 'string', body: 'string', pull_request_review_id: 'number' };

function reviewPath(repo: RepoRef, number: number, review: number): string {
  return `${pullPath(repo, number)}${p`/reviews/${review}`}`;
}

/** A review's line comments: one unpaged list, in no order (convert.ToPullReviewCommentList walks a map). */
export function comments(api: ApiClient, repo: RepoRef, number: number, review: number): Promise<PullReviewComment[]> {
  return list<PullReviewComment>(api, 'GET', `${reviewPath(repo, number, review)}/comments`, {}, COMMENT_SHAPE);
}

/** Submit a pending review with a verdict (SubmitPullReview: only a pending one, 422 otherwise). */
export function submit(api: ApiClient, repo: RepoRef, number: number, review: number, body: SubmitPullReviewOptions): Promise<PullReview> {
  return record<PullReview>(api, 'POST', reviewPath(repo, number, review), { body });
}

/** Delete a review (its author or an administrator): a pending one is discarded with its comments. */
export function remove(api: ApiClient, repo: RepoRef, number: number, review: number): Promise<void> {
  return done(api, 'DELETE', reviewPath(repo, number, review));
}

/** Gitea 1.27 and later: a reply in the conversation of a line comment (CreatePullReviewCommentReply, 201). */
export function reply(api: ApiClient, repo: RepoRef, number: number, comment: number, body: string): Promise<PullReviewComment> {
  return record<PullReviewComment>(api, 'POST', `${pullPath(repo, number)}${p`/comments/${comment}/replies`}`, { body: { body } }, COMMENT_SHAPE);
}

/** What Forgejo's CreatePullReviewComment takes: a line of one side of a file. */
export interface NewLineComment {
  path: string;
  body: string;
  old_position?: number;
  new_position?: number;
}

/**
 * Forgejo: a line comment added to an existing review
 * (routers/api/v1/repo/pull_review.go CreatePullReviewComment, 200): a reply,
 * when it is the review and line of the comment replied to, as the web page's
 * reply does.
 */
export function addComment(api: ApiClient, repo: RepoRef, number: number, review: number, body: NewLineComment): Promise<PullReviewComment> {
  return record<PullReviewComment>(api, 'POST', `${reviewPath(repo, number, review)}/comments`, { body }, COMMENT_SHAPE);
}

/** Gitea 1.26 and later: mark a line comment's conversation resolved, or not (204; already so is 204 too). */
export function resolve(api: ApiClient, repo: RepoRef, comment: number, resolved: boolean): Promise<void> {
  return done(api, 'POST', `${repoPath(repo)}${p`/pulls/comments/${comment}/${resolved ? 'resolve' : 'unresolve'}`}`);
}

/**
 * What GET /issues/comments/{id} says of a comment: a conversation comment (200,
 * its record), another kind such as a line comment (204: GetIssueComment
 * answers only plain comments), or none in this repository (404, thrown).
 */
export async function commentKind(api: ApiClient, repo: RepoRef, comment: number): Promise<'plain' | 'other'> {
  const res = await api.request('GET', `${repoPath(repo)}${p`/issues/comments/${comment}`}`);
  return res.status === 200 && res.data !== null && typeof res.data === 'object' ? 'plain' : 'other';
}
