// Notification threads: /notifications, /notifications/threads/{id} and a
// repository's /repos/{owner}/{repo}/notifications.
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { list as listOf, record } from './send.js';
import type { Repository } from './types.js';

/** Gitea's NotificationThread (its description's NotificationSubject beside it). */
export interface NotificationThread {
  id?: number;
  repository?: Repository;
  subject?: {
    title?: string;
    url?: string;
    html_url?: string;
    latest_comment_url?: string;
    latest_comment_html_url?: string;
    /** Issue, Pull, Commit or Repository. */
    type?: string;
    /** open, closed or merged. */
    state?: string;
  };
  /** False for a read thread and for a pinned one. */
  unread?: boolean;
  pinned?: boolean;
  updated_at?: string;
  url?: string;
}

/** What a thread list is narrowed to: the statuses (none: the server's unread and pinned), or every thread; the subject types. */
export interface ThreadQuery {
  statuses?: Array<'unread' | 'read' | 'pinned'>;
  all?: boolean;
  /** issue, pull, commit, repository. */
  types?: string[];
}

function threadsPath(repo: RepoRef | undefined): string {
  return repo ? `${repoPath(repo)}/notifications` : '/notifications';
}

/** The user's threads, newest update first, of one repository when given. */
export function list(api: ApiClient, window: PageWindow, query: ThreadQuery, repo?: RepoRef, options: ListOptions = {}): AsyncGenerator<NotificationThread[]> {
  return api.pages<NotificationThread>(
    threadsPath(repo),
    window,
    {
      ...(query.all ? { all: true } : {}),
      ...(query.statuses && query.statuses.length > 0 ? { 'status-types': query.statuses } : {}),
      ...(query.types && query.types.length > 0 ? { 'subject-type': query.types } : {}),
    },
    options,
  );
}

export function get(api: ApiClient, id: number): Promise<NotificationThread> {
  return record<NotificationThread>(api, 'GET', p`/notifications/threads/${id}`);
}

/** Mark one thread read (205, with the thread as it now is). */
export function markRead(api: ApiClient, id: number): Promise<NotificationThread> {
  return record<NotificationThread>(api, 'PATCH', p`/notifications/threads/${id}`, { query: { 'to-status': 'read' } });
}

/**
 * Mark every unread thread read (of one repository when given); pinned ones
 * stay pinned. 205 with the threads that changed.
 */
export function markAllRead(api: ApiClient, repo?: RepoRef): Promise<NotificationThread[]> {
  return listOf<NotificationThread>(api, 'PUT', threadsPath(repo), { query: { 'status-types': ['unread'], 'to-status': 'read' } });
}

/** How many threads are unread (pinned ones are not). */
export async function unreadCount(api: ApiClient): Promise<number | undefined> {
  const answer = await record<{ new?: unknown }>(api, 'GET', '/notifications/new');
  return typeof answer.new === 'number' ? answer.new : undefined;
}
