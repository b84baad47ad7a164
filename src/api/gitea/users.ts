// Users and their access tokens: /user, /users/{username}.
import type { ApiClient, Credentials } from '../client.js';
import { ApiError } from '../../errors.js';
import { instanceRoot, p } from '../url.js';
import { record } from './send.js';
import type { AccessToken, CreateAccessTokenOption, User } from './types.js';

/**
 * The user the credentials belong to; `credentials` checks others than the
 * client's own (login add). Every Gitea-family server answers GET /user, so a
 * 404 means the URL does not lead to one: said so, with the URL that was tried.
 */
export async function me(api: ApiClient, credentials?: Credentials, otp?: string): Promise<User> {
  try {
    return await record<User>(api, 'GET', '/user', { ...(credentials ? { credentials } : {}), ...(otp !== undefined ? { headers: otpHeaders(otp) } : {}) });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw err.withMessage(noApiAt(api.root, 404));
    throw err;
  }
}

/**
 * `no Gitea-family API at https://host/ (GET /api/v1/user answered 404); …`,
 * then the likelier mistake: at a host's root, a missing sub-path; under a
 * sub-path, a sub-path too many (a page's address pasted: /owner/name).
 */
export function noApiAt(root: string, status: number): string {
  const url = new URL(root);
  const head = `no Gitea-family API at ${instanceRoot(root)}/ (GET ${url.pathname}/user answered ${status})`;
  const sub = instanceRoot(url.pathname);
  if (sub === '') return `${head}; is the URL missing a sub-path?`;
  return `${head}; is ${sub} part of the server's address? If not, use ${url.origin}`;
}

export function get(api: ApiClient, username: string): Promise<User> {
  return record<User>(api, 'GET', p`/users/${username}`);
}

/**
 * Mint an access token (Gitea takes the password, as HTTP Basic, for this).
 * Undefined when the answer holds no record: the caller falls back to
 * something else rather than failing.
 */
export async function createToken(api: ApiClient, username: string, body: CreateAccessTokenOption, credentials: Credentials, otp?: string): Promise<AccessToken | undefined> {
  const res = await api.request('POST', p`/users/${username}/tokens`, { credentials, body, ...(otp !== undefined ? { headers: otpHeaders(otp) } : {}) });
  const data = res.data;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as AccessToken) : undefined;
}

/**
 * The one-time code of a two-factor account, beside HTTP Basic with the
 * password: Gitea's description names X-GITEA-OTP, Forgejo's X-FORGEJO-OTP;
 * both are sent, so either server reads its own.
 */
export function otpHeaders(otp: string): Record<string, string> {
  return { 'X-GITEA-OTP': otp, 'X-FORGEJO-OTP': otp };
}

/** Whether a 401 says the account wants its two-factor code (Gitea: "invalid provided OTP"). */
export function wantsOtp(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && /\botp\b|two[- ]factor|2fa|totp/i.test(err.serverMessage ?? err.message);
}

/** The secret of a new token: Gitea sends it as sha1; some servers as token. */
export function tokenSecret(token: AccessToken | undefined): string | undefined {
  const value = token?.sha1 ?? (token as { token?: unknown } | undefined)?.token;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
