// A login as a command uses it (stored, or from the environment), and what
// follows from one: its credentials, and what to say when the server refuses them.
import type { Credentials } from '../api/auth.js';
import { instanceRoot } from '../api/url.js';
import type { StoredLogin } from '../config/store.js';
import { AuthError, UsageError } from '../errors.js';

export interface ResolvedLogin {
  /** Stored login name; undefined for the environment path. */
  name?: string;
  source: 'env' | 'stored';
  root: string;
  credentials: Credentials;
  user?: string;
  insecure?: boolean;
  /** How to clone: the stored login's choice; https when absent. */
  gitProtocol?: 'https' | 'ssh';
  /** The environment path: the variables the server and the token came from. */
  from?: { url: string; token: string };
}

/** Hint for a 401, depending on where the credentials came from. */
export function authHint(login: ResolvedLogin | undefined): string[] {
  if (!login) return [];
  if (login.source === 'env') return [`  The server rejected ${login.from?.token ?? 'KETTLE_TOKEN'}: check its value and that it has not expired or been revoked.`];
  const again = `kettle login add --url ${instanceRoot(login.root)} --name ${login.name}`;
  // A login made with a user name and password is made again the same way, not with a token.
  if (login.credentials.method === 'basic') return [`  Log in again:  ${again} --user ${login.user ?? 'USER'}`];
  return [`  Log in again:  ${again} --with-token < token.txt`];
}

export function credentialsOf(login: StoredLogin): Credentials {
  if (login.auth === 'basic') {
    if (login.token && !login.password) return { method: 'basic', user: login.user ?? '', password: login.token };
    return { method: 'basic', user: login.user ?? '', password: login.password ?? '' };
  }
  if (!login.token) throw new AuthError(`the stored login has no token; add it again with kettle login add`);
  return { method: login.auth, token: login.token };
}

/** The usage error for a login name that is not stored, listing the names there are. */
export function noLoginNamed(name: string, names: string[]): UsageError {
  return new UsageError(`no login named "${name}"${names.length ? `; stored logins: ${names.join(', ')}` : '; add one with: kettle login add --url URL'}`);
}

/** A server URL's host name, without the brackets of an IPv6 address; undefined for a URL that does not parse. */
export function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}
