// Tracked time and stopwatches: /repos/{owner}/{repo}/times, …/issues/{index}/times
// (routers/api/v1/repo/issue_tracked_time.go) and …/issues/{index}/stopwatch/*,
// /user/stopwatches (issue_stopwatch.go).
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { issuePath } from './issues.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';
import type { AddTimeOption, StopWatch, TrackedTime } from './types.js';

export interface TimeQuery {
  /** Only this user's entries (a login). */
  user?: string;
  /** RFC 3339: only entries created at or after it (GetQueryBeforeSince). */
  since?: string;
}

const query = (q: TimeQuery) => ({ ...(q.user !== undefined ? { user: q.user } : {}), ...(q.since !== undefined ? { since: q.since } : {}) });

/** ListTrackedTimes: one issue's entries (404 "timetracker is disabled" where the repository has time tracking off). */
export function issueTimes(api: ApiClient, repo: RepoRef, number: number, q: TimeQuery, window: PageWindow, options: ListOptions = {}): AsyncGenerator<TrackedTime[]> {
  return api.pages<TrackedTime>(`${issuePath(repo, number)}/times`, window, query(q), options);
}

/** ListTrackedTimesByRepository: the repository's entries (400 "time tracking disabled" where it is off). */
export function repoTimes(api: ApiClient, repo: RepoRef, q: TimeQuery, window: PageWindow, options: ListOptions = {}): AsyncGenerator<TrackedTime[]> {
  return api.pages<TrackedTime>(`${repoPath(repo)}/times`, window, query(q), options);
}

/** AddTime: 200 with the new entry; `time` in seconds, which the form binding requires to be non-zero ("[Time]: Required"). */
export function addTime(api: ApiClient, repo: RepoRef, number: number, seconds: number): Promise<TrackedTime> {
  const body: AddTimeOption = { time: seconds };
  return record<TrackedTime>(api, 'POST', `${issuePath(repo, number)}/times`, { body });
}

/** DeleteTime: 204; only the entry's author or a site administrator (403). */
export function deleteTime(api: ApiClient, repo: RepoRef, number: number, id: number): Promise<void> {
  return done(api, 'DELETE', `${issuePath(repo, number)}${p`/times/${id}`}`);
}

/** ResetIssueTime: 204; deletes the caller's own entries on the issue. */
export function resetTimes(api: ApiClient, repo: RepoRef, number: number): Promise<void> {
  return done(api, 'DELETE', `${issuePath(repo, number)}/times`);
}

/** StartIssueStopwatch (201), StopIssueStopwatch (201, the time recorded) and DeleteIssueStopwatch (204): 409 when the state is already so. */
export function stopwatch(api: ApiClient, repo: RepoRef, number: number, action: 'start' | 'stop' | 'cancel'): Promise<void> {
  const path = `${issuePath(repo, number)}/stopwatch`;
  if (action === 'cancel') return done(api, 'DELETE', `${path}/delete`);
  return done(api, 'POST', `${path}/${action}`);
}

/** GetStopwatches: the caller's running stopwatches (one at most: starting one stops another). */
export async function myStopwatches(api: ApiClient): Promise<StopWatch[]> {
  const out: StopWatch[] = [];
  for await (const page of api.pages<StopWatch>('/user/stopwatches', { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 })) out.push(...page);
  return out;
}
