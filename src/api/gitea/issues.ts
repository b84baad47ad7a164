// Issues, their comments and their labels: /repos/{owner}/{repo}/issues, and
// the lists across repositories (/issues, /repos/issues/search).
import type { RepoRef } from '../repo.js';
import { ApiError } from '../../errors.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import type { Shape } from '../response.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, list as listOf, record } from './send.js';
import type { Comment, CreateIssueCommentOption, CreateIssueOption, EditIssueCommentOption, EditIssueOption, Issue, IssueLabelsOption, Label } from './types.js';

export type IssueState = 'open' | 'closed';
/** The states a list can be narrowed to. */
export type StateFilter = IssueState | 'all';

/**
 * The fields of an issue kettle reads as numbers and words (expectFields): an id of "3" is one line, not ID 0.
 * Checked on reads only: the answer to a write that was made never turns it into a failure.
 */
export const ISSUE_SHAPE: Shape = { id: 'number', number: 'number', title: 'string', state: 'string', comments: 'number', user: 'object', labels: 'array' };

export function issuePath(repo: RepoRef, number: number): string {
  return `${repoPath(repo)}${p`/issues/${number}`}`;
}

export function get(api: ApiClient, repo: RepoRef, number: number): Promise<Issue> {
  return record<Issue>(api, 'GET', issuePath(repo, number), {}, ISSUE_SHAPE);
}

export function create(api: ApiClient, repo: RepoRef, body: CreateIssueOption): Promise<Issue> {
  return record<Issue>(api, 'POST', `${repoPath(repo)}/issues`, { body });
}

export function edit(api: ApiClient, repo: RepoRef, number: number, body: EditIssueOption): Promise<Issue> {
  return record<Issue>(api, 'PATCH', issuePath(repo, number), { body });
}

/** Close or reopen: a PATCH of the state alone. */
export function setState(api: ApiClient, repo: RepoRef, number: number, state: IssueState): Promise<Issue> {
  return edit(api, repo, number, { state });
}

/**
 * What a repository's issue list can be narrowed to, in the server's own
 * query parameters: `labels` (names, comma-separated: issues with all of
 * them), `milestones` (names or ids), the users by login, `q` the text, and
 * `since`/`before` RFC 3339 times of the last update.
 */
export type IssueQuery = {
  state?: StateFilter;
  labels?: string;
  milestones?: string;
  assigned_by?: string;
  created_by?: string;
  mentioned_by?: string;
  q?: string;
  since?: string;
  before?: string;
};

/** The issues of a repository (never its pull requests, which the endpoint also lists). */
export function list(api: ApiClient, repo: RepoRef, window: PageWindow, query: IssueQuery = {}, options: ListOptions = {}): AsyncGenerator<Issue[]> {
  return api.pages<Issue>(`${repoPath(repo)}/issues`, window, { ...query, type: 'issues' }, { shape: ISSUE_SHAPE, ...options });
}

/** Delete an issue for good (repository admins; 204). */
function deleteIssue(api: ApiClient, repo: RepoRef, number: number): Promise<void> {
  return done(api, 'DELETE', issuePath(repo, number));
}
export { deleteIssue as delete };

/**
 * Open issues across repositories that involve the user in one way: Gitea's
 * /repos/issues/search with one of its `assigned`, `mentioned`, `created` flags.
 */
export function involving(api: ApiClient, how: 'assigned' | 'mentioned' | 'created', window: PageWindow, options: ListOptions = {}): AsyncGenerator<Issue[]> {
  return api.pages<Issue>('/repos/issues/search', window, { state: 'open', type: 'issues', [how]: 'true' }, { shape: ISSUE_SHAPE, ...options, totalIsBound: true });
}

/**
 * GET /issues `filter` values and the flags Gitea's /repos/issues/search takes
 * for them. The review flags match only pull requests there, so they ask for
 * `type=pulls`: with `type=issues` Gitea would always answer an empty list.
 */
export const SEARCH_FILTERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  all: {},
  created: { created: 'true' },
  assigned: { assigned: 'true' },
  mentioned: { mentioned: 'true' },
  review_requested: { review_requested: 'true', type: 'pulls' },
  reviewed: { reviewed: 'true', type: 'pulls' },
};

/** A filter only GET /issues knows, on a server that has only the search endpoint; the caller words it. */
export class UnsupportedFilterError extends Error {
  constructor(
    readonly filter: string,
    readonly supported: string[],
  ) {
    super(`the search endpoint has no filter ${filter}`);
  }
}

export interface SearchOptions extends ListOptions {
  /** Called when the server lacks GET /issues and the search endpoint answers instead. */
  onFallback?: () => void;
}

/**
 * Issues across every repository the user can see. The API spec's GET /issues
 * comes first; Gitea lacks it (404 before any page), and its cross-repository
 * search answers instead, with the filter turned into that endpoint's flags.
 */
export async function* searchAll(api: ApiClient, window: PageWindow, query: { filter: string; state?: StateFilter }, options: SearchOptions = {}): AsyncGenerator<Issue[]> {
  const { onFallback, ...listOptions } = options;
  const state = query.state === undefined ? {} : { state: query.state };
  let started = false;
  try {
    for await (const page of api.pages<Issue>('/issues', window, { filter: query.filter, ...state, type: 'issues' }, { shape: ISSUE_SHAPE, ...listOptions })) {
      started = true;
      yield page;
    }
  } catch (err) {
    if (started || !(err instanceof ApiError && err.status === 404)) throw err;
    const flags = SEARCH_FILTERS[query.filter];
    if (!flags) throw new UnsupportedFilterError(query.filter, Object.keys(SEARCH_FILTERS));
    onFallback?.();
    yield* api.pages<Issue>('/repos/issues/search', window, { ...state, type: 'issues', ...flags }, { shape: ISSUE_SHAPE, ...listOptions, totalIsBound: true });
  }
}

/** An issue's comments, oldest first (Gitea and Forgejo answer every one at once: the endpoint has no pages). */
export function listComments(api: ApiClient, repo: RepoRef, number: number): Promise<Comment[]> {
  return listOf<Comment>(api, 'GET', `${issuePath(repo, number)}/comments`);
}

export function createComment(api: ApiClient, repo: RepoRef, number: number, body: CreateIssueCommentOption): Promise<Comment> {
  return record<Comment>(api, 'POST', `${issuePath(repo, number)}/comments`, { body });
}

/** Comments are addressed by their own id, not by the issue's number. */
export function editComment(api: ApiClient, repo: RepoRef, id: number, body: EditIssueCommentOption): Promise<Comment> {
  return record<Comment>(api, 'PATCH', `${repoPath(repo)}${p`/issues/comments/${id}`}`, { body });
}

/** Add labels (by id, or by name on servers that take names); answers with all the issue's labels. */
export function addLabels(api: ApiClient, repo: RepoRef, number: number, body: IssueLabelsOption): Promise<Label[]> {
  return listOf<Label>(api, 'POST', `${issuePath(repo, number)}/labels`, { body });
}

export function removeLabel(api: ApiClient, repo: RepoRef, number: number, labelId: number): Promise<void> {
  return done(api, 'DELETE', `${issuePath(repo, number)}${p`/labels/${labelId}`}`);
}

// Pins, locks and subscriptions ---------------------------------------------

/** routers/api/v1/repo/issue_pin.go PinIssue: POST …/pin, 204. */
export function pin(api: ApiClient, repo: RepoRef, number: number): Promise<void> {
  return done(api, 'POST', `${issuePath(repo, number)}/pin`);
}

/** routers/api/v1/repo/issue_pin.go UnpinIssue: DELETE …/pin, 204. */
export function unpin(api: ApiClient, repo: RepoRef, number: number): Promise<void> {
  return done(api, 'DELETE', `${issuePath(repo, number)}/pin`);
}

/** The repository's pinned issues (ListPinnedIssues), in pin order. */
export function pinned(api: ApiClient, repo: RepoRef): Promise<Issue[]> {
  return listOf<Issue>(api, 'GET', `${repoPath(repo)}/issues/pinned`);
}

/** Why an issue is locked: api.LockIssueOption's reason, the words the web page offers. */
export const LOCK_REASONS = ['off-topic', 'too-heated', 'resolved', 'spam'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

/**
 * The reason as the web form sends it: setting.Repository.Issue.LockReasons'
 * default words ("Too heated,Off-topic,Spam,Resolved"), stored as the lock
 * comment's content (models/issues/issue_lock.go), so the page shows them alike.
 */
const LOCK_WORDS: Record<LockReason, string> = { 'off-topic': 'Off-topic', 'too-heated': 'Too heated', resolved: 'Resolved', spam: 'Spam' };

/** routers/api/v1/repo/issue_lock.go LockIssue (Gitea 1.24 and later): PUT …/lock with {lock_reason}, 204. */
export function lock(api: ApiClient, repo: RepoRef, number: number, reason?: LockReason): Promise<void> {
  return done(api, 'PUT', `${issuePath(repo, number)}/lock`, { body: reason === undefined ? {} : { lock_reason: LOCK_WORDS[reason] } });
}

/** routers/api/v1/repo/issue_lock.go UnlockIssue: DELETE …/lock, 204. */
export function unlock(api: ApiClient, repo: RepoRef, number: number): Promise<void> {
  return done(api, 'DELETE', `${issuePath(repo, number)}/lock`);
}

/** routers/api/v1/repo/issue_subscription.go CheckIssueSubscription: whether the caller gets the issue's notifications. */
export async function isSubscribed(api: ApiClient, repo: RepoRef, number: number): Promise<boolean> {
  const info = await record<{ subscribed?: unknown }>(api, 'GET', `${issuePath(repo, number)}/subscriptions/check`);
  return info.subscribed === true;
}

/** AddIssueSubscription / DelIssueSubscription: PUT or DELETE …/subscriptions/{user} (201 changed, 200 already so). */
export function setSubscription(api: ApiClient, repo: RepoRef, number: number, user: string, watch: boolean): Promise<void> {
  return done(api, watch ? 'PUT' : 'DELETE', `${issuePath(repo, number)}${p`/subscriptions/${user}`}`);
}
