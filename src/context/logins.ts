// Which login a command uses (stored, or from the environment), chosen once
// the place it acts on is known; and what follows from one: its credentials,
// and what to say when the server refuses them.
import { authOf, type Credentials, type KeyringCredentials } from '../api/auth.js';
import { apiRoot, instanceRoot } from '../api/url.js';
import { envLogin, envLoginName, hasEnvLogin } from '../config/env.js';
import { type ConfigData, configDir, type OAuthGrant, readConfig, type StoredLogin } from '../config/store.js';
import { AuthError, UsageError } from '../errors.js';
import { loginsFor, type Place, serves } from './locate.js';
import type { Terminal } from './terminal.js';

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
  /** A browser login (login add --web): renewed with its refresh token. */
  oauth?: OAuthGrant;
}

/** Hint for a 401, depending on where the credentials came from. */
export function authHint(login: ResolvedLogin | undefined): string[] {
  if (!login) return [];
  if (login.source === 'env') return [`  The server rejected ${login.from?.token ?? 'KETTLE_TOKEN'}: check its value and that it has not expired or been revoked.`];
  const again = `kettle login add --url ${instanceRoot(login.root)} --name ${login.name}`;
  if (login.oauth !== undefined) return [`  Log in again:  ${again} --web`];
  // A login made with a user name and password is made again the same way, not with a token.
  if (authOf(login.credentials) === 'basic') return [`  Log in again:  ${again} --user ${login.user ?? 'USER'}`];
  return [`  Log in again:  ${again} --with-token < token.txt`];
}

/** What to do about the login's token lacking a scope: the exact command that mints one with every scope kettle needs. */
export function scopeHintFor(login: ResolvedLogin): (scope: string) => string[] {
  return (scope) => {
    if (login.source === 'env') {
      return [
        `  ${login.from?.token ?? 'KETTLE_TOKEN'} has no ${scope}: make a token with it in the server's settings, under Applications, or store a login:  kettle login add --url ${instanceRoot(login.root)} --user USER`,
      ];
    }
    return [
      `  A token with ${scope} is needed; log in again to mint one with every scope kettle needs:  kettle login add --url ${instanceRoot(login.root)} --name ${login.name} --user ${login.user ?? 'USER'}`,
    ];
  };
}

/** A stored login's credentials; for one whose secret is in the keyring, where to read it (Clients reads it). */
export function credentialsOf(login: StoredLogin, name = ''): Credentials {
  if (login.keyring !== undefined) {
    const keyring: KeyringCredentials = { method: 'keyring', auth: login.auth, user: login.user ?? '', login: name, ref: login.keyring };
    return keyring;
  }
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

/**
 * The stored logins (read on first use) and the login in use: --login, then
 * KETTLE_URL + KETTLE_TOKEN (refused for a place on another server), then
 * KETTLE_LOGIN, then the stored login the place's host chooses (see
 * loginsFor), then the default stored login.
 */
export class Logins {
  private configCache: ConfigData | undefined;
  /** Where the repository of this command is, once -R, a URL argument or a git remote said so. */
  private place: Place | undefined;
  /** The login the command ended up using, for hints after a 401. */
  resolved: ResolvedLogin | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly login: string | undefined,
    private readonly term: Terminal,
    /** Whether the API client was already made (for the login resolved then). */
    private readonly clientMade: () => boolean,
  ) {}

  configDir(): string {
    return configDir(this.env);
  }

  config(): ConfigData {
    this.configCache ??= readConfig(this.configDir(), (m) => this.term.warn(m));
    return this.configCache;
  }

  /** The stored login a name refers to, or a usage error listing the names there are. */
  stored(name: string): StoredLogin {
    const logins = this.config().logins;
    const login = logins[name];
    if (!login) throw noLoginNamed(name, Object.keys(logins));
    return login;
  }

  resolve(): ResolvedLogin {
    this.resolved ??= this.find();
    return this.resolved;
  }

  private find(): ResolvedLogin {
    const fromEnv = this.login ? undefined : envLogin(this.env);
    if (fromEnv) {
      const root = apiRoot(fromEnv.url, 'KETTLE_URL');
      // The token is KETTLE_URL's: it must never reach another server.
      if (this.place && !serves(root, this.place)) {
        throw new AuthError(`${placeName(this.place)} is not on KETTLE_URL's server (${instanceRoot(root)}); KETTLE_TOKEN is not sent there`, [
          '  Use a stored login for that server instead: unset KETTLE_URL and KETTLE_TOKEN, then',
          `  kettle login add --url ${this.place.root}`,
        ]);
      }
      return { source: 'env', root, credentials: { method: 'header', token: fromEnv.token }, from: { url: fromEnv.urlFrom, token: fromEnv.tokenFrom } };
    }
    const name = this.login || envLoginName(this.env) || this.loginForPlace() || this.config().default;
    if (!name) {
      throw new AuthError('not logged in', ['  Add a login:   kettle login add --url https://git.example.com --with-token < token.txt', '  or set KETTLE_URL and KETTLE_TOKEN in the environment.']);
    }
    const login = this.stored(name);
    return {
      name,
      source: 'stored',
      root: login.url,
      credentials: credentialsOf(login, name),
      ...(login.user ? { user: login.user } : {}),
      ...(login.insecure ? { insecure: true } : {}),
      ...(login.gitProtocol ? { gitProtocol: login.gitProtocol } : {}),
      ...(login.oauth ? { oauth: login.oauth } : {}),
    };
  }

  /** The stored login the place chooses; undefined when no place is known. Exit 4 when no login serves it. */
  private loginForPlace(): string | undefined {
    if (!this.place) return undefined;
    const config = this.config();
    const entries = Object.entries(config.logins).map(([name, l]) => ({ name, url: l.url }));
    const [best] = loginsFor(this.place, entries, config.default);
    if (best) return best.name;
    throw new AuthError(`no stored login for ${placeName(this.place)}`, [`  Add one:  kettle login add --url ${this.place.root}`]);
  }

  /** Whether kettle has any credentials at all: exit 4 (with what to do) when it has none. */
  checkLoggedIn(): void {
    if (this.login) this.stored(this.login);
    else if (envLogin(this.env)) return;
    else if (envLoginName(this.env)) this.stored(envLoginName(this.env) as string);
    else if (Object.keys(this.config().logins).length === 0) this.resolve();
  }

  /**
   * Settle where the repository is. The login follows from it, so the client
   * must not have been made yet when the place chooses another login than the
   * one already resolved (target() gives the client only after the place).
   */
  settle(place: Place | undefined): void {
    if (!place) return;
    const before = this.resolved;
    this.place = place;
    if (before === undefined) return;
    this.resolved = undefined;
    const after = this.resolve();
    if (this.clientMade() && (after.root !== before.root || after.name !== before.name)) {
      throw new Error(`kettle bug: the API client was made before the repository chose its login (${before.name ?? 'env'} → ${after.name ?? 'env'})`);
    }
  }

  /** The URLs of the servers kettle has credentials for: every stored login's, and KETTLE_URL's. */
  roots(): string[] {
    const urls = Object.values(this.config().logins).map((l) => l.url);
    const fromEnv = hasEnvLogin(this.env) ? envLogin(this.env) : undefined;
    if (fromEnv) urls.push(apiRoot(fromEnv.url, 'KETTLE_URL'));
    return urls;
  }

  /** The hosts kettle has credentials for: every stored login's, and KETTLE_URL's. */
  hosts(): string[] {
    return this.roots()
      .map(hostnameOf)
      .filter((h): h is string => h !== undefined);
  }
}

function placeName(place: Place): string {
  return place.exact ? `${place.key.split('/', 1)[0]}` : place.hostname;
}
