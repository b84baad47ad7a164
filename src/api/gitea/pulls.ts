// Pull requests, their reviews and requested reviewers: /repos/{owner}/{repo}/pulls.
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions, StreamedResponse } from '../client.js';
import { headerValue } from '../headers.js';
import { ApiError, KettleError } from '../../errors.js';
import { redirectError } from '../network-errors.js';
import type { PageWindow } from '../paginate.js';
import { errorFromResponse, type Shape } from '../response.js';
import { p } from '../url.js';
import type { StateFilter } from './issues.js';
import { get as getRepo, repoPath } from './repos.js';
import { done, list as listOf, record } from './send.js';
import type { CreatePullRequestOption, EditPullRequestOption, CreatePullReviewOptions, MergePullRequestOption, PullRequest, PullReview, PullReviewRequestOptions } from './types.js';

/** The fields of a pull request kettle reads as numbers, words and flags (expectFields). */
const PULL_SHAPE: Shape = {
  id: 'number',
  number: 'number',
  title: 'string',
  state: 'string',
  user: 'object',
  labels: 'array',
  head: 'object',
  base: 'object',
  merged: 'boolean',
  draft: 'boolean',
  comments: 'number',
};

export function pullPath(repo: RepoRef, number: number): string {
  return `${repoPath(repo)}${p`/pulls/${number}`}`;
}

export function get(api: ApiClient, repo: RepoRef, number: number): Promise<PullRequest> {
  return record<PullRequest>(api, 'GET', pullPath(repo, number), {}, PULL_SHAPE);
}

/** What GET …/pulls filters on (Gitea 1.23 and Forgejo 11 alike): labels and milestone by id, poster by login. */
export interface PullQuery {
  state?: StateFilter;
  sort?: 'oldest' | 'recentupdate' | 'leastupdate' | 'mostcomment' | 'leastcomment' | 'priority';
  labels?: number[];
  milestone?: number;
  poster?: string;
}

/**
 * The pull requests of a repository, a page at a time. Gitea and Forgejo
 * answer 404 under /pulls for a repository that cannot have any (empty, or a
 * mirror) or whose pull requests are turned off, the same 404 as for a
 * missing repository (routers/api/v1/api.go mustAllowPulls). One more request
 * tells them apart: an empty repository or a mirror has none (an empty
 * list); turned off is said as such; a missing repository keeps its 404.
 */
export async function* list(api: ApiClient, repo: RepoRef, window: PageWindow, query: PullQuery = {}, options: ListOptions = {}): AsyncGenerator<PullRequest[]> {
  const { labels, ...rest } = query;
  let listed = false;
  try {
    for await (const page of api.pages<PullRequest>(`${repoPath(repo)}/pulls`, window, { ...rest, ...(labels && labels.length > 0 ? { labels } : {}) }, { shape: PULL_SHAPE, ...options })) {
      listed = true;
      yield page;
    }
  } catch (err) {
    if (listed || !(err instanceof ApiError) || err.status !== 404) throw err;
    const why = await withoutPulls(api, repo);
    if (why === 'empty' || why === 'mirror') return;
    if (why === 'off') throw turnedOff(repo);
    throw err;
  }
}

/**
 * Why a repository answered 404 under /pulls: `empty` or `mirror` (it cannot
 * have pull requests: models/repo/repo.go CanEnablePulls), `off` (its pull
 * request unit is off), `missing` (no such repository), or undefined (the
 * repository can have them: the 404 was about something else, or it could
 * not be read).
 */
export async function withoutPulls(api: ApiClient, repo: RepoRef): Promise<'empty' | 'mirror' | 'off' | 'missing' | undefined> {
  const found = await getRepo(api, repo).catch((err: unknown) => (err instanceof ApiError && err.status === 404 ? ('missing' as const) : undefined));
  if (found === undefined || found === 'missing') return found;
  if (found.empty === true) return 'empty';
  if (found.mirror === true) return 'mirror';
  if (found.has_pull_requests === false) return 'off';
  return undefined;
}

/** The error of a repository whose pull requests are turned off. */
export function turnedOff(repo: RepoRef): KettleError {
  return new KettleError(`pull requests are turned off in ${repo.owner}/${repo.name}`);
}

/** Change a pull request: title, body, base, labels, assignees, milestone, state. Real servers answer 201. */
export function edit(api: ApiClient, repo: RepoRef, number: number, body: EditPullRequestOption): Promise<PullRequest> {
  return record<PullRequest>(api, 'PATCH', pullPath(repo, number), { body });
}

export function create(api: ApiClient, repo: RepoRef, body: CreatePullRequestOption): Promise<PullRequest> {
  return record<PullRequest>(api, 'POST', `${repoPath(repo)}/pulls`, { body });
}

/**
 * The merge form under both spellings servers have described: Gitea 1.26
 * names `do`, `merge_title_field`, `merge_message_field`, `merge_commit_id`
 * (and reads the old names too: services/forms/repo_form.go,
 * MergePullRequestForm.UnmarshalJSON); older Gitea and every Forgejo read
 * `Do`, `MergeTitleField`, `MergeMessageField`, `MergeCommitID` and ignore the
 * others. Sending the pair suits them all.
 */
function bothSpellings(body: MergePullRequestOption): MergePullRequestOption & Record<string, unknown> {
  const pair: MergePullRequestOption & Record<string, unknown> = { ...body, do: body.Do };
  if (body.MergeTitleField !== undefined) pair.merge_title_field = body.MergeTitleField;
  if (body.MergeMessageField !== undefined) pair.merge_message_field = body.MergeMessageField;
  if (body.MergeCommitID !== undefined) pair.merge_commit_id = body.MergeCommitID;
  return pair;
}

/**
 * Merge. Real servers answer 200 with an empty body once merged, and 201 when
 * `merge_when_checks_succeed` scheduled the merge instead (checks still
 * running); whatever body came is returned decoded (undefined when empty).
 */
export async function merge(api: ApiClient, repo: RepoRef, number: number, body: MergePullRequestOption): Promise<{ scheduled: boolean; data: unknown }> {
  const res = await api.request('POST', `${pullPath(repo, number)}/merge`, { body: bothSpellings(body) });
  return { scheduled: body.merge_when_checks_succeed === true && res.status === 201, data: res.data };
}

/**
 * Bring the head branch up to date with the base (routers/api/v1/repo/pull.go
 * UpdatePullRequest): by merging the base in, or by rebasing the head onto it.
 */
export function updateBranch(api: ApiClient, repo: RepoRef, number: number, style: 'merge' | 'rebase'): Promise<void> {
  return done(api, 'POST', `${pullPath(repo, number)}/update`, { query: { style } });
}

/**
 * Whether a merge was refused because the pull request is not (yet) in a
 * mergeable state: the server checks it in the background after every push
 * and on creation, and until then `mergeable` reads false;
 * routers/api/v1/repo/pull.go MergePullRequest answers 405 "Please try again
 * later" for ErrNotMergeableState (still checking, or a conflict), on every
 * Gitea and Forgejo release read.
 */
export function stillChecking(err: unknown): boolean {
  return err instanceof ApiError && err.status === 405 && /try again later/i.test(err.serverMessage ?? '');
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

/** The diff or patch as a byte stream, passed on as it arrives (constant memory). */
export async function diffStream(api: ApiClient, repo: RepoRef, number: number, kind: 'diff' | 'patch' = 'diff'): Promise<StreamedResponse['body']> {
  const res = await api.stream(`${pullPath(repo, number)}.${kind}`, { headers: { accept: 'text/plain' } });
  return res.body;
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
