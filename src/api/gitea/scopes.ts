// What a token may do, asked of the server: neither Gitea nor Forgejo lists a
// token's own scopes to the token (GET /users/{username}/tokens takes the
// password), so kettle reads one cheap page of each scope category. A category
// the token lacks answers 403 "token does not have at least one of required
// scope(s)" (routers/api/v1/api.go, tokenRequiresScopes); Gitea adds
// "token scope=…", the token's whole list, which then answers everything.
import type { ApiClient } from '../client.js';
import { ApiError } from '../../errors.js';
import { p } from '../url.js';

/** One GET per category, each needing read: on it (and nothing else the user lacks). */
function probes(user: string): [string, string, Record<string, number>][] {
  return [
    ['repository', '/user/repos', { limit: 1 }],
    ['issue', '/repos/issues/search', { limit: 1 }],
    // /user/orgs needs read:user and read:organization: user is probed by GET /user beside it.
    ['organization', '/user/orgs', { limit: 1 }],
    ['notification', '/notifications/new', {}],
    ['package', p`/packages/${user}`, { limit: 1 }],
    // A site administrator's category: a token with the scope but an account without the rights answers 403 too, but not about scopes.
    ['admin', '/admin/cron', { limit: 1 }],
  ];
}

const MISSING_SCOPE = /token does not have at least one of required scope/i;

export interface ScopeReading {
  /** The token's exact scopes, when the server said them (Gitea's 403). */
  exact?: string[];
  /** The categories the token can read (at least), and those it cannot; a category in neither is unknown. */
  readable: string[];
  lacking: string[];
}

/** Read the token's scopes from the server's answers; `user` (the token's account) was already read with GET /user. */
export async function readScopes(api: ApiClient, user: string): Promise<ScopeReading> {
  const readable = ['user'];
  const lacking: string[] = [];
  let exact: string[] | undefined;
  await Promise.all(
    probes(user).map(async ([category, path, query]) => {
      try {
        await api.request('GET', path, { query });
        readable.push(category);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const message = err.serverMessage ?? '';
        if (err.status === 403 && MISSING_SCOPE.test(message)) {
          lacking.push(category);
          const told = /token scope=([^\s"]*)/.exec(message)?.[1];
          if (told !== undefined) exact = told.split(',').filter(Boolean);
        } else if (err.status !== 404) readable.push(category);
        // A 404: the feature is off or the server has no such endpoint; the category stays unknown.
      }
    }),
  );
  const order = (list: string[]) => list.sort();
  return { ...(exact ? { exact: order(exact) } : {}), readable: order(readable), lacking: order(lacking) };
}
