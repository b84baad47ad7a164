// Searching the whole server: /repos/search and /users/search (their lists
// wrapped in {"ok": true, "data": [...]}), and issues and pull requests across
// repositories (/repos/issues/search, a plain list).
import { ApiError } from '../../errors.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import type { QueryValue } from '../url.js';
import type { Issue, Repository, User } from './types.js';

/**
 * The list inside a search envelope. `ok: false` is a failed search (Gitea
 * sends it with a 500, but a 200 saying so is a failure all the same); an
 * answer without a `data` list is said to be one.
 */
export function unwrapEnvelope(data: unknown, path: string, status: number): unknown {
  const envelope = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  if (envelope?.ok === false) {
    const why = typeof envelope.error === 'string' && envelope.error.trim() !== '' ? envelope.error : 'no reason given';
    throw new ApiError({ message: `the search failed on the server: ${why}`, method: 'GET', path, status, serverMessage: why });
  }
  if (envelope && Array.isArray(envelope.data)) return envelope.data;
  throw new ApiError({ message: `expected {"ok": true, "data": [...]} from GET ${path} but the server answered otherwise`, method: 'GET', path, status });
}

/** /repos/search's own parameters (q, topic, uid, exclusive, archived, sort, order…). */
export type RepoSearch = Record<string, QueryValue>;

export function repos(api: ApiClient, window: PageWindow, query: RepoSearch, options: ListOptions = {}): AsyncGenerator<Repository[]> {
  return api.pages<Repository>('/repos/search', window, query, { ...options, unwrap: unwrapEnvelope });
}

export function users(api: ApiClient, window: PageWindow, q: string, options: ListOptions = {}): AsyncGenerator<User[]> {
  return api.pages<User>('/users/search', window, { q }, { ...options, unwrap: unwrapEnvelope });
}

/** /repos/issues/search's parameters: q, state, type (issues, pulls), labels (names, comma-separated), owner, and the involvement flags. */
export type IssueSearch = Record<string, QueryValue>;

export function issues(api: ApiClient, window: PageWindow, query: IssueSearch, options: ListOptions = {}): AsyncGenerator<Issue[]> {
  return api.pages<Issue>('/repos/issues/search', window, query, { ...options, totalIsBound: true });
}
