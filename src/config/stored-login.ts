// What the config file holds of each login (store.ts reads, checks and writes
// it; login-secrets.ts puts its secrets in the keyring).
import type { AuthMethod } from '../api/auth.js';
import type { KeyringRef } from './keyring.js';

export interface StoredLogin {
  /** API root, ending in /api/v1. */
  url: string;
  auth: AuthMethod;
  /** The account name the server reported when the login was added. */
  user?: string;
  /** In the file only where the keyring could not take it, or --insecure-storage asked for the file. */
  token?: string;
  /** Only for Basic logins on servers that cannot mint tokens. */
  password?: string;
  /** Where the keyring keeps the secret (the token, or a Basic login's password); then the file holds none. */
  keyring?: KeyringRef;
  /** --insecure-storage: the secret stays in the file, and is not moved to the keyring when the file is written. */
  insecureStorage?: boolean;
  /** The scopes kettle asked for when it minted the token (login add --user). */
  scopes?: string[];
  /** Skip TLS certificate checks: for test servers with self-signed certificates. */
  insecure?: boolean;
  /** How `repo clone` reaches repositories of this server; https when absent. */
  gitProtocol?: 'https' | 'ssh';
  added?: string;
  /** A login made in the browser (login add --web): the OAuth2 application, when the token expires, and its refresh token. */
  oauth?: OAuthGrant;
}

/** What renews a browser login's access token. */
export interface OAuthGrant {
  clientId: string;
  /** When the access token expires (ISO 8601); unknown when absent. */
  expires?: string;
  /** In the file only where the keyring could not take it, or --insecure-storage asked for the file. */
  refreshToken?: string;
  /** Where the keyring keeps the refresh token. */
  refreshKeyring?: KeyringRef;
}

export interface ConfigData {
  default?: string;
  logins: Record<string, StoredLogin>;
}
