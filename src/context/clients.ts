// The API clients a command uses: the one for the login in use (made once, on
// first ask) and any other a command makes for a server it is not logged in to
// (login add, migrations, status); each warned about once, and closed at the end.
import { authOf, type Credentials, type KeyringCredentials } from '../api/auth.js';
import type { ApiClient } from '../api/client.js';
import type { DryRun } from '../api/dry-run.js';
import { hostOf, instanceRoot, sentInTheClear } from '../api/url.js';
import { AuthError } from '../errors.js';
import { envConcurrency, envMaxResponseBytes, envTimeoutMs } from '../config/env.js';
import { parseTimeout } from '../config/settings.js';
import type { UserSettings } from '../config/user-settings.js';
import type { Logins, ResolvedLogin } from './logins.js';
import { atLeast, describeServer, type Servers } from './server.js';
import type { Terminal } from './terminal.js';

/** How a client reaches its server, beside the root and credentials. */
export interface ConnectOptions {
  /** Skip TLS certificate checks (a login added with --insecure). */
  insecure?: boolean;
  /** The login's name, for the --insecure warning. */
  name?: string;
  /**
   * A longer per-request timeout than the user's, for a request known to be
   * slow (a migration): to its answer's start. Once begun, the answer must
   * keep coming within the user's timeout, as any other.
   */
  timeoutMs?: number;
  /** 'client': the user's timeout bounds all the client's requests together, from now (kettle status). */
  timeoutScope?: 'request' | 'client';
  /** Sent even under --dry-run (renewing a token is no change the user asked for). */
  live?: boolean;
  /** A browser login's renewal after a 401 (ApiClient's `renew`). */
  renew?: (spent: string) => Promise<Credentials>;
}

export interface ClientSettings {
  env: NodeJS.ProcessEnv;
  debug: boolean;
  /** --timeout, in milliseconds. */
  timeoutMs: number | undefined;
  /** --sudo: sent with every request of the command (ApiClient's `sudo`). */
  sudo?: string | undefined;
  version: string;
  /** The user's settings: http_timeout, for the host or for all. */
  stored?: UserSettings | undefined;
  /** --dry-run: one for every client of the command (a read on one after a write on another stops it too), and for the command's other writes. */
  dryRun?: DryRun | undefined;
}

export class Clients {
  private client: ApiClient | undefined;
  private readonly all: ApiClient[] = [];
  private warnedPlainHttp = false;
  /** Secrets read from the keyring, by item: each is read once per command. */
  private readonly secrets = new Map<string, Promise<Credentials>>();

  constructor(
    private readonly settings: ClientSettings,
    private readonly term: Terminal,
    private readonly logins: Logins,
    private readonly servers: () => Servers,
  ) {}

  /** Whether the client of the login in use was made. */
  get made(): boolean {
    return this.client !== undefined;
  }

  /** The API client for the resolved login (built once). */
  async api(login: ResolvedLogin = this.logins.resolve()): Promise<ApiClient> {
    if (this.client) return this.client;
    let credentials = login.credentials;
    let renew: ((spent: string) => Promise<Credentials>) | undefined;
    const { name, oauth } = login;
    if (oauth !== undefined && name !== undefined) {
      const { dueForRenewal, renewLogin } = await import('./oauth.js');
      const deps = this.renewDeps();
      // Expired or about to: renewed before the first request.
      if (dueForRenewal(oauth, new Date())) credentials = await renewLogin(deps, name);
      renew = (spent) => renewLogin(deps, name, { spent });
    }
    this.client = await this.clientFor(login.root, credentials, {
      ...(login.insecure ? { insecure: true } : {}),
      ...(login.name !== undefined ? { name: login.name } : {}),
      ...(renew !== undefined ? { renew } : {}),
    });
    if (authOf(login.credentials) === 'query') await this.warnQueryAuth();
    else if (this.settings.debug) {
      const known = this.servers().known();
      if (known) this.term.trace(`server: ${describeServer(known)} (${known.version}, from the cache folder)`);
    }
    return this.client;
  }

  /**
   * `--auth query` on a server whose description no longer lists query-string
   * tokens (Forgejo 15 and later): it may refuse them (DISABLE_QUERY_AUTH_TOKEN).
   * Once per command; a server whose version cannot be read is not warned about.
   */
  private async warnQueryAuth(): Promise<void> {
    const info = await this.servers()
      .server()
      .catch(() => undefined);
    if (info && atLeast(info, 'forgejo', '15')) {
      this.term.warn(`${describeServer(info)} may refuse tokens in the query string (--auth query); if it does, add the login again with --auth header`);
    }
  }

  /** What renewing a browser login's token needs. */
  renewDeps(): import('./oauth.js').RenewDeps {
    return {
      env: this.settings.env,
      configDir: this.logins.configDir(),
      now: () => new Date(),
      oauthClient: (apiRoot, insecure, live) => this.clientFor(`${instanceRoot(apiRoot)}/login/oauth`, { method: 'none' }, { live, ...(insecure ? { insecure } : {}) }),
      dryRun: this.settings.dryRun,
      trace: (line) => this.term.trace(line),
    };
  }

  /** The per-request timeout: --timeout, then KETTLE_TIMEOUT, then the http_timeout setting for the host, then for all, else the client's default. */
  timeoutMs(root: string | undefined = this.client?.root): number | undefined {
    const given = this.settings.timeoutMs ?? envTimeoutMs(this.settings.env);
    if (given !== undefined || this.settings.stored === undefined) return given;
    const setting = this.settings.stored.resolve('http_timeout', { host: root === undefined ? undefined : hostOf(root) });
    return setting.source.kind === 'default' || setting.value === undefined ? undefined : parseTimeout(setting.value, 'http_timeout');
  }

  /** A client for a server and credentials that are not (yet) a stored login. */
  async clientFor(root: string, given: Credentials, connect: ConnectOptions = {}): Promise<ApiClient> {
    const { env, debug, version, sudo } = this.settings;
    // A secret in the keyring is read by a helper process (config/keyring.ts): the client's module loads meanwhile.
    const [credentials, { ApiClient }] = await Promise.all([given.method === 'keyring' ? this.unlock(root, given) : given, import('../api/client.js')]);
    const timeoutMs = this.timeoutMs(root);
    const maxResponseBytes = envMaxResponseBytes(env);
    this.warnPlainHttp(root, credentials);
    if (connect.insecure) {
      this.term.warn(`${connect.name !== undefined ? `login "${connect.name}"` : hostOf(root)} skips TLS certificate checks (--insecure): use it only with test servers`);
    }
    const pageConcurrency = envConcurrency(env);
    const client = new ApiClient({
      root,
      credentials,
      userAgent: `kettle/${version}`,
      env,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(connect.timeoutMs !== undefined ? { answerTimeoutMs: connect.timeoutMs } : {}),
      ...(connect.timeoutScope !== undefined ? { timeoutScope: connect.timeoutScope } : {}),
      ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}),
      ...(connect.insecure ? { insecure: true } : {}),
      ...(sudo !== undefined ? { sudo } : {}),
      trace: debug ? (line) => this.term.trace(line) : undefined,
      ...(pageConcurrency !== undefined ? { pageConcurrency } : {}),
      onWait: (ms, reason) => this.term.waitNote(ms, reason),
      onNote: (message) => this.term.warn(message),
      ...(this.settings.dryRun !== undefined && !connect.live ? { dryRun: this.settings.dryRun } : {}),
      ...(connect.renew !== undefined ? { renew: connect.renew } : {}),
    });
    this.all.push(client);
    return client;
  }

  /**
   * The credentials of a login whose secret is in the keyring. A keyring that
   * is absent, locked or has lost the item is exit 4, saying which and what to
   * do; the secret is never part of the message.
   */
  unlock(root: string, creds: KeyringCredentials): Promise<Credentials> {
    const key = `${creds.ref.service}\n${creds.ref.account}`;
    let found = this.secrets.get(key);
    if (found === undefined) {
      found = this.readSecret(root, creds);
      this.secrets.set(key, found);
    }
    return found;
  }

  private async readSecret(root: string, creds: KeyringCredentials): Promise<Credentials> {
    const { getSecret, KeyringError } = await import('../config/keyring.js');
    const named = creds.login ? `login "${creds.login}"` : 'the login';
    const again = `kettle login add --url ${instanceRoot(root)}${creds.login ? ` --name ${creds.login}` : ''}`;
    let secret: string | undefined;
    try {
      secret = await getSecret(this.settings.env, creds.ref);
    } catch (err) {
      if (!(err instanceof KeyringError)) throw err;
      throw new AuthError(`${named} keeps its ${creds.auth === 'basic' ? 'password' : 'token'} in the keyring, which kettle cannot read: ${err.reason}`, [
        err.kind === 'absent' ? '  Start (or unlock) the keyring and try again,' : '  Unlock the keyring and try again,',
        `  or log in again keeping the secret in the config file:  ${again} --insecure-storage ...`,
      ]);
    }
    if (secret === undefined) {
      throw new AuthError(`the keyring holds no ${creds.auth === 'basic' ? 'password' : 'token'} for ${named} (it was removed from the keyring)`, [`  Log in again:  ${again} ...`]);
    }
    this.term.trace(`${named}: secret read from the keyring (${creds.ref.service})`);
    if (creds.auth === 'basic') return { method: 'basic', user: creds.user, password: secret };
    return { method: creds.auth, token: secret };
  }

  private warnPlainHttp(root: string, credentials: Credentials): void {
    if (this.warnedPlainHttp || credentials.method === 'none') return;
    if (!sentInTheClear(root)) return;
    this.warnedPlainHttp = true;
    this.term.warn(`sending credentials to ${hostOf(root)} over plain http; anyone on the network path can read them`);
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((c) => c.close()));
  }
}
