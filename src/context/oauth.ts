// Browser logins (login add --web): OAuth2 with the server as provider, as
// Gitea and Forgejo offer it (routers/web/auth/oauth2_provider.go): the
// authorization code grant with PKCE (S256) for a public client, and the
// refresh_token grant that renews the access token. The access token works on
// the API as any token does (services/auth/oauth2.go reads it from
// "Authorization: token …" or "bearer …").
//
// Renewing: before a request when the token has expired or is about to, and
// after a 401 (the servers do not say why they refuse an expired token).
// Under the config lock, and from what the file holds then: when another
// kettle has renewed meanwhile, its token is used, so two processes never
// both spend one refresh token.
import { createHash, randomBytes } from 'node:crypto';
import type { Credentials } from '../api/auth.js';
import type { ApiClient } from '../api/client.js';
import type { DryRun } from '../api/dry-run.js';
import { instanceRoot } from '../api/url.js';
import type { KeyringRef } from '../config/keyring.js';
import { withConfigLock } from '../config/lock.js';
import { type OAuthGrant, readConfig, type StoredLogin, updateConfigLocked } from '../config/store.js';
import { AuthError, KettleError } from '../errors.js';

/** Renew this long before the token expires: a request begun just before would meet a dead token. */
export const RENEW_BEFORE_MS = 60_000;

/** The verifier and its S256 challenge (RFC 7636). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A state value the redirect must carry back unchanged. */
export function newState(): string {
  return randomBytes(16).toString('base64url');
}

export interface TokenAnswer {
  accessToken: string;
  refreshToken?: string;
  /** Seconds, as the server says (Gitea: ACCESS_TOKEN_EXPIRATION_TIME, 3600 by default). */
  expiresIn?: number;
}

/** The token endpoint refused (400, RFC 6749 5.2): its `error` and `error_description`. */
export class GrantRefused extends KettleError {
  constructor(
    readonly code: string,
    readonly description: string,
  ) {
    super(`${code}${description ? `: ${description}` : ''}`);
  }
}

/** The instance's token endpoint, /login/oauth/access_token. */
export function tokenEndpoint(apiRoot: string): string {
  return `${instanceRoot(apiRoot)}/login/oauth/access_token`;
}

export function authorizeEndpoint(apiRoot: string): string {
  return `${instanceRoot(apiRoot)}/login/oauth/authorize`;
}

/**
 * POST a grant to the token endpoint (a form, as RFC 6749 4.1.3 and 6 say).
 * `client` is one whose root is the instance's /login/oauth.
 */
export async function requestToken(client: ApiClient, form: Record<string, string>): Promise<TokenAnswer> {
  const res = await client.requestRaw('POST', '/access_token', {
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(res.text);
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // Said below.
  }
  if (res.status >= 400 && res.status < 500 && typeof body.error === 'string') {
    throw new GrantRefused(body.error, typeof body.error_description === 'string' ? body.error_description : '');
  }
  if (res.status !== 200 || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new KettleError(`${tokenEndpoint(client.root.replace(/\/login\/oauth$/, ''))} answered ${res.status} without an access token`);
  }
  return {
    accessToken: body.access_token,
    ...(typeof body.refresh_token === 'string' && body.refresh_token !== '' ? { refreshToken: body.refresh_token } : {}),
    ...(typeof body.expires_in === 'number' && body.expires_in > 0 ? { expiresIn: body.expires_in } : {}),
  };
}

/** When a token answered now expires, as stored. */
export function expiresAt(now: Date, answer: TokenAnswer): string | undefined {
  return answer.expiresIn === undefined ? undefined : new Date(now.getTime() + answer.expiresIn * 1000).toISOString();
}

/** Whether a stored grant's access token has expired or is about to. */
export function dueForRenewal(grant: OAuthGrant, now: Date): boolean {
  if (grant.expires === undefined) return false;
  const at = Date.parse(grant.expires);
  return Number.isNaN(at) || at - now.getTime() <= RENEW_BEFORE_MS;
}

/** The command that makes a browser login again. */
export function loginAgain(root: string, name: string): string {
  return `kettle login add --url ${instanceRoot(root)} --name ${name} --web`;
}

export interface RenewDeps {
  env: NodeJS.ProcessEnv;
  configDir: string;
  now: () => Date;
  /** A client for the instance's /login/oauth; `live`: its requests are sent even under --dry-run. */
  oauthClient: (apiRoot: string, insecure: boolean, live: boolean) => Promise<ApiClient>;
  /** --dry-run: holds back a renewal the user asked for (login refresh). */
  dryRun: DryRun | undefined;
  trace: (line: string) => void;
}

async function readItem(env: NodeJS.ProcessEnv, ref: KeyringRef, what: string, name: string, root: string): Promise<string> {
  const { getSecret, KeyringError } = await import('../config/keyring.js');
  try {
    const secret = await getSecret(env, ref);
    if (secret !== undefined) return secret;
  } catch (err) {
    if (!(err instanceof KeyringError)) throw err;
    throw new AuthError(`login "${name}" keeps its ${what} in the keyring, which kettle cannot read: ${err.reason}`, [
      `  Unlock the keyring and try again, or log in again:  ${loginAgain(root, name)}`,
    ]);
  }
  throw new AuthError(`the keyring holds no ${what} for login "${name}"`, [`  Log in again:  ${loginAgain(root, name)}`]);
}

/** The access token a stored login holds now (file or keyring). */
async function accessTokenOf(env: NodeJS.ProcessEnv, login: StoredLogin, name: string): Promise<string> {
  if (login.keyring !== undefined) return readItem(env, login.keyring, 'token', name, login.url);
  return login.token ?? '';
}

/**
 * Renew login `name`'s access token. `spent`: the token the caller found
 * wanting (refused with 401, or due): when the file holds another by the time
 * the lock is taken, another kettle renewed it, and that one is used. `force`
 * (login refresh): renew whatever the file holds. Returns the credentials to
 * use from now on.
 */
export async function renewLogin(deps: RenewDeps, name: string, opts: { spent?: string; force?: boolean } = {}): Promise<Credentials & { method: 'header' | 'query' }> {
  const { env, configDir } = deps;
  // A renewal kettle makes by itself is sent and kept even under --dry-run (the
  // refresh token it spends would be lost otherwise); one asked for (force) runs dry.
  const dryRun = opts.force ? deps.dryRun : undefined;
  return withConfigLock(configDir, async () => {
    const login = readConfig(configDir).logins[name];
    if (login === undefined) throw new AuthError(`login "${name}" was removed meanwhile`);
    const grant = login.oauth;
    if (grant === undefined) throw new AuthError(`login "${name}" was not made in the browser (kettle login add --web): it has no refresh token`);
    const method = login.auth === 'query' ? 'query' : 'header';
    const current = await accessTokenOf(env, login, name);
    if (!opts.force && current !== '' && current !== opts.spent && !dueForRenewal(grant, deps.now())) {
      deps.trace(`login "${name}": another kettle renewed the token meanwhile`);
      return { method, token: current };
    }
    const refresh = grant.refreshKeyring !== undefined ? await readItem(env, grant.refreshKeyring, 'refresh token', name, login.url) : grant.refreshToken;
    if (refresh === undefined || refresh === '') {
      throw new AuthError(`login "${name}" has no refresh token to renew its token with`, [`  Log in again:  ${loginAgain(login.url, name)}`]);
    }
    const client = await deps.oauthClient(login.url, login.insecure === true, dryRun === undefined);
    let answer: TokenAnswer;
    try {
      answer = await requestToken(client, { grant_type: 'refresh_token', refresh_token: refresh, client_id: grant.clientId });
    } catch (err) {
      if (!(err instanceof GrantRefused)) throw err;
      throw new AuthError(`${instanceRoot(login.url)} refused the refresh token of login "${name}" (${err.message}); log in again: ${loginAgain(login.url, name)}`);
    }
    const now = deps.now();
    const keyring = await import('../config/keyring.js');
    // Into the same keyring items: the file keeps pointing at them.
    if (login.keyring !== undefined) await keyring.setSecret(env, login.keyring, answer.accessToken, dryRun);
    if (answer.refreshToken !== undefined && grant.refreshKeyring !== undefined) await keyring.setSecret(env, grant.refreshKeyring, answer.refreshToken, dryRun);
    await updateConfigLocked(
      configDir,
      (data) => {
        const there = data.logins[name];
        if (there === undefined) return;
        if (there.keyring === undefined) there.token = answer.accessToken;
        const next: OAuthGrant = { ...grant };
        const expires = expiresAt(now, answer);
        if (expires !== undefined) next.expires = expires;
        else delete next.expires;
        if (answer.refreshToken !== undefined && next.refreshKeyring === undefined) next.refreshToken = answer.refreshToken;
        there.oauth = next;
      },
      { dryRun },
    );
    deps.trace(`login "${name}": token renewed with the refresh token`);
    return { method, token: answer.accessToken };
  });
}
