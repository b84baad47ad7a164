// Pull requests, their reviews and requested reviewers: /repos/{owner}/{repo}/pulls.
import type { RepoRef } from '../../context/repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import { headerValue } from '../headers.js';
import { redirectError } from '../network-errors.js';
import type { PageWindow } from '../paginate.js';
import { errorFromResponse } from '../response.js';
import { p } from '../url.js';
import type { StateFilter } from './issues.js';
import { repoPath } from './repos.js';
import { done, list as listOf, record } from './send.js';
import type { CreatePullRequestOption, CreatePullReviewOptions, MergePullRequestOption, PullRequest, PullReview, PullReviewRequestOptions } from './types.js';

export function pullPath(repo: RepoRef, number: number): string {
  return `${repoPath(repo)}${p`/pulls/${number}`}`;
}

export function get(api: ApiClient, repo: RepoRef, number: number): Promise<PullRequest> {
  return record<PullRequest>(api, 'GET', pullPath(repo, number));
}

export function list(api: ApiClient, repo: RepoRef, window: PageWindow, query: { state?: StateFilter } = {}, options: ListOptions = {}): AsyncGenerator<PullRequest[]> {
  return api.pages<PullRequest>(`${repoPath(repo)}/pulls`, window, query, options);
}

export function create(api: ApiClient, repo: RepoRef, body: CreatePullRequestOption): Promise<PullRequest> {
  return record<PullRequest>(api, 'POST', `${repoPath(repo)}/pulls`, { body });
}

/** Merge. Real servers answer with an empty body (undefined here); whatever else came is returned decoded. */
export async function merge(api: ApiClient, repo: RepoRef, number: number, body: MergePullRequestOption): Promise<unknown> {
  const res = await api.request('POST', `${pullPath(repo, number)}/merge`, { body });
  return res.data;
}

/** The changes as a unified diff, or as a patch series (git format-patch); plain text, not JSON. */
export async function diff(api: ApiClient, repo: RepoRef, number: number, kind: 'diff' | 'patch' = 'diff'): Promise<string> {
  const path = `${pullPath(repo, number)}.${kind}`;
  const res = await api.requestRaw('GET', path, { headers: { accept: 'text/plain' } });
  if (res.status >= 300 && res.status < 400) throw redirectError('GET', path, res);
  if (res.status >= 400) {
    throw errorFromResponse({ method: 'GET', path, status: res.status, contentType: headerValue(res.headers, 'content-type'), text: res.text });
  }
  return res.text;
}

export function listReviews(api: ApiClient, repo: RepoRef, number: number, window: PageWindow, options: ListOptions = {}): AsyncGenerator<PullReview[]> {
  return api.pages<PullReview>(`${pullPath(repo, number)}/reviews`, window, {}, options);
}

/** A review: a comment, an approval or a request for changes (`event`), with line comments. */
export function createReview(api: ApiClient, repo: RepoRef, number: number, body: CreatePullReviewOptions): Promise<PullReview> {
  return record<PullReview>(api, 'POST', `${pullPath(repo, number)}/reviews`, { body });
}

/** Ask users or teams for a review; answers with the pending review requests made. */
export function requestReviewers(api: ApiClient, repo: RepoRef, number: number, body: PullReviewRequestOptions): Promise<PullReview[]> {
  return listOf<PullReview>(api, 'POST', `${pullPath(repo, number)}/requested_reviewers`, { body });
}

export function cancelReviewRequests(api: ApiClient, repo: RepoRef, number: number, body: PullReviewRequestOptions): Promise<void> {
  return done(api, 'DELETE', `${pullPath(repo, number)}/requested_reviewers`, { body });
}
