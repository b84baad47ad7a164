// Users and their access tokens: /user, /users/{username}.
import type { ApiClient, Credentials } from '../client.js';
import { p } from '../url.js';
import { record } from './send.js';
import type { AccessToken, CreateAccessTokenOption, User } from './types.js';

/** The user the credentials belong to; `credentials` checks others than the client's own (login add). */
export function me(api: ApiClient, credentials?: Credentials): Promise<User> {
  return record<User>(api, 'GET', '/user', credentials ? { credentials } : {});
}

export function get(api: ApiClient, username: string): Promise<User> {
  return record<User>(api, 'GET', p`/users/${username}`);
}

/**
 * Mint an access token (Gitea takes the password, as HTTP Basic, for this).
 * Undefined when the answer holds no record: the caller falls back to
 * something else rather than failing.
 */
export async function createToken(
  api: ApiClient,
  username: string,
  body: CreateAccessTokenOption,
  credentials: Credentials,
): Promise<AccessToken | undefined> {
  const res = await api.request('POST', p`/users/${username}/tokens`, { credentials, body });
  const data = res.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as AccessToken) : undefined;
}

/** The secret of a new token: Gitea sends it as sha1; some servers as token. */
export function tokenSecret(token: AccessToken | undefined): string | undefined {
  const value = token?.sha1 ?? (token as { token?: unknown } | undefined)?.token;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
