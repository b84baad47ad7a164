// The lazy context a command runs in: streams, flags, stored logins and the API
// client are only read or built when a command asks for them, so `--help` and
// `--version` touch neither the disk nor the network.
import type { Command } from 'commander';
import type { Credentials } from '../api/auth.js';
import type { ApiClient } from '../api/client.js';
import { apiRoot, hostOf, instanceRoot, sentInTheClear } from '../api/url.js';
import { envConcurrency, envLogin, envLoginName, envMaxResponseBytes, envTimeoutMs, hasEnvLogin, jobRepository } from '../config/env.js';
import { configDir, type ConfigData, readConfig, type StoredLogin } from '../config/store.js';
import { AuthError, UsageError } from '../errors.js';
import { visibleControls } from '../text/controls.js';
import { countdown } from '../output/countdown.js';
import type { OutputChoice } from '../output/printer.js';
import type { IO } from '../io.js';
import { isWebUrl, locateRepo, loginsFor, type Place, placeOfRemote, serves } from './locate.js';
import { fullName, gitRemotes, NO_REPO_HINT, pickRemote, type RepoRef, remoteSource } from './repo.js';
import { credentialsOf, hostnameOf, noLoginNamed, type ResolvedLogin } from './logins.js';
import { atLeast, cachedServer, describeServer, parseServerVersion, rememberServer, type ServerInfo } from './server.js';

export interface GlobalFlags {
  login?: string | undefined;
  /** Every --login given, in order (kettle status shows each). */
  logins?: string[];
  debug: boolean;
  /** --timeout, in milliseconds. */
  timeoutMs?: number | undefined;
}

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
}

export class Context {
  readonly io: IO;
  readonly flags: GlobalFlags;
  /** What the results are printed as (the command's view, JSON or jq's): the printer takes it. */
  readonly output: OutputChoice;
  readonly version: string;
  private configCache: ConfigData | undefined;
  private client: ApiClient | undefined;
  private readonly clients: ApiClient[] = [];
  private warnedPlainHttp = false;
  /** The login the command ended up using, for hints after a 401. */
  resolved: ResolvedLogin | undefined;

  /**
   * The whole command tree, for the verbs that describe it (completion). A
   * function, so the context does not depend on how the tree is built (its
   * definitions load on first use).
   */
  readonly commandTree: () => Promise<Command>;

  constructor(io: IO, flags: GlobalFlags, output: OutputChoice, version: string, commandTree: () => Promise<Command>) {
    this.io = io;
    this.flags = flags;
    this.output = output;
    this.version = version;
    this.commandTree = commandTree;
  }

  get env(): NodeJS.ProcessEnv {
    return this.io.env;
  }

  // Messages may carry the server's text (titles, URLs, answers): control
  // characters in them are shown, not obeyed (see text/controls.ts).

  /** A note for the user on stderr. */
  info(message: string): void {
    this.io.stderr.write(`${visibleControls(message)}\n`);
  }

  warn(message: string): void {
    this.io.stderr.write(`kettle: warning: ${visibleControls(message)}\n`);
  }

  /** A confirmation such as "✓ Closed issue #3", on stderr. */
  success(message: string): void {
    const mark = this.io.color ? '\u001b[32m✓\u001b[39m' : '✓';
    this.io.stderr.write(`${mark} ${visibleControls(message)}\n`);
  }

  trace(line: string): void {
    if (this.flags.debug) this.io.stderr.write(`[debug] ${visibleControls(line)}\n`);
  }

  configDir(): string {
    return configDir(this.env);
  }

  config(): ConfigData {
    this.configCache ??= readConfig(this.configDir(), (m) => this.warn(m));
    return this.configCache;
  }

  /** The stored login a name refers to, or a usage error listing the names there are. */
  storedLogin(name: string): StoredLogin {
    const logins = this.config().logins;
    const login = logins[name];
    if (!login) throw noLoginNamed(name, Object.keys(logins));
    return login;
  }

  /**
   * Which server and credentials to use: --login, then KETTLE_URL + KETTLE_TOKEN
   * (refused for a repository on another server), then KETTLE_LOGIN, then the
   * stored login the repository's host chooses (see loginsFor), then the
   * default stored login.
   */
  resolveLogin(): ResolvedLogin {
    this.resolved ??= this.findLogin();
    return this.resolved;
  }

  /** Where the repository of this command is, once -R, a URL argument or a git remote said so. */
  private place: Place | undefined;

  private findLogin(): ResolvedLogin {
    const fromEnv = this.flags.login ? undefined : envLogin(this.env);
    if (fromEnv) {
      const root = apiRoot(fromEnv.url, 'KETTLE_URL');
      // The token is KETTLE_URL's: it must never reach another server.
      if (this.place && !serves(root, this.place)) {
        throw new AuthError(`${this.placeName(this.place)} is not on KETTLE_URL's server (${instanceRoot(root)}); KETTLE_TOKEN is not sent there`, [
          '  Use a stored login for that server instead: unset KETTLE_URL and KETTLE_TOKEN, then',
          `  kettle login add --url ${this.place.root}`,
        ]);
      }
      return { source: 'env', root, credentials: { method: 'header', token: fromEnv.token }, from: { url: fromEnv.urlFrom, token: fromEnv.tokenFrom } };
    }
    const name = this.flags.login || envLoginName(this.env) || this.loginForPlace() || this.config().default;
    if (!name) {
      throw new AuthError('not logged in', ['  Add a login:   kettle login add --url https://git.example.com --with-token < token.txt', '  or set KETTLE_URL and KETTLE_TOKEN in the environment.']);
    }
    const login = this.storedLogin(name);
    return {
      name,
      source: 'stored',
      root: login.url,
      credentials: credentialsOf(login),
      ...(login.user ? { user: login.user } : {}),
      ...(login.insecure ? { insecure: true } : {}),
      ...(login.gitProtocol ? { gitProtocol: login.gitProtocol } : {}),
    };
  }

  /** The stored login the repository's place chooses; undefined when no place is known. Exit 4 when no login serves it. */
  private loginForPlace(): string | undefined {
    if (!this.place) return undefined;
    const config = this.config();
    const entries = Object.entries(config.logins).map(([name, l]) => ({ name, url: l.url }));
    const [best] = loginsFor(this.place, entries, config.default);
    if (best) return best.name;
    throw new AuthError(`no stored login for ${this.placeName(this.place)}`, [`  Add one:  kettle login add --url ${this.place.root}`]);
  }

  private placeName(place: Place): string {
    return place.exact ? `${place.key.split('/', 1)[0]}` : place.hostname;
  }

  /** Whether kettle has any credentials at all: exit 4 (with what to do) when it has none. */
  private checkLoggedIn(): void {
    if (this.flags.login) this.storedLogin(this.flags.login);
    else if (envLogin(this.env)) return;
    else if (envLoginName(this.env)) this.storedLogin(envLoginName(this.env) as string);
    else if (Object.keys(this.config().logins).length === 0) this.resolveLogin();
  }

  /**
   * Settle where the repository is. The login follows from it, so the client
   * must not have been made yet when the place chooses another login than the
   * one already resolved (a verb that asks for the API before the repository).
   */
  private setPlace(place: Place | undefined): void {
    if (!place) return;
    const before = this.resolved;
    this.place = place;
    if (before === undefined) return;
    this.resolved = undefined;
    const after = this.resolveLogin();
    if (this.client && (after.root !== before.root || after.name !== before.name)) {
      throw new Error(`kettle bug: the API client was made before the repository chose its login (${before.name ?? 'env'} → ${after.name ?? 'env'})`);
    }
  }

  /** The URLs of the servers kettle has credentials for: every stored login's, and KETTLE_URL's. */
  private loginRoots(): string[] {
    const urls = Object.values(this.config().logins).map((l) => l.url);
    const fromEnv = hasEnvLogin(this.env) ? envLogin(this.env) : undefined;
    if (fromEnv) urls.push(apiRoot(fromEnv.url, 'KETTLE_URL'));
    return urls;
  }

  /**
   * A repository given as an argument or to -R: OWNER/NAME, HOST/OWNER/NAME or
   * a web URL. A host or URL also says which login serves it.
   */
  repoArg(value: string, flag = '-R'): RepoRef {
    const located = locateRepo(value, this.loginRoots(), flag);
    this.setPlace(located.place);
    return located.repo;
  }

  private serverInfo: Promise<ServerInfo> | undefined;

  /**
   * The server's flavour and version: from the cache folder when learned less
   * than a day ago, else GET /version (then kept). Only commands whose
   * behaviour depends on it ask, so the others cost no request.
   */
  server(): Promise<ServerInfo> {
    this.serverInfo ??= (async () => {
      const login = this.resolveLogin();
      const now = this.io.now().getTime();
      const known = cachedServer(this.env, login.root, now);
      if (known) {
        this.trace(`server: ${describeServer(known)} (${known.version}, learned ${new Date(known.at).toISOString()})`);
        return known;
      }
      const api = await this.api(login);
      const { versionOrNone } = await import('../api/gitea/server.js');
      // Unknown goes on with what every server accepts (issue 34, 13), and is not kept: a later upgrade shows.
      const text = await versionOrNone(api);
      if (text === '') return parseServerVersion('');
      rememberServer(this.env, login.root, text, now);
      const info = parseServerVersion(text);
      this.trace(`server: ${describeServer(info)} (${text})`);
      return info;
    })();
    return this.serverInfo;
  }

  /** What the cache folder knows of the resolved login's server, without asking it. */
  knownServer(): ServerInfo | undefined {
    return cachedServer(this.env, this.resolveLogin().root, this.io.now().getTime());
  }

  /** The API client for the resolved login (built once). */
  async api(login: ResolvedLogin = this.resolveLogin()): Promise<ApiClient> {
    if (this.client) return this.client;
    this.client = await this.clientFor(login.root, login.credentials, {
      ...(login.insecure ? { insecure: true } : {}),
      ...(login.name !== undefined ? { name: login.name } : {}),
    });
    if (login.credentials.method === 'query') await this.warnQueryAuth();
    else if (this.flags.debug) {
      const known = this.knownServer();
      if (known) this.trace(`server: ${describeServer(known)} (${known.version}, from the cache folder)`);
    }
    return this.client;
  }

  /**
   * `--auth query` on a server whose description no longer lists query-string
   * tokens (Forgejo 15 and later): it may refuse them (DISABLE_QUERY_AUTH_TOKEN).
   * Once per command; a server whose version cannot be read is not warned about.
   */
  private async warnQueryAuth(): Promise<void> {
    const info = await this.server().catch(() => undefined);
    if (info && atLeast(info, 'forgejo', '15')) {
      this.warn(`${describeServer(info)} may refuse tokens in the query string (--auth query); if it does, add the login again with --auth header`);
    }
  }

  /** The per-request timeout: --timeout, then KETTLE_TIMEOUT, else the client's default. */
  timeoutMs(): number | undefined {
    return this.flags.timeoutMs ?? envTimeoutMs(this.env);
  }

  /** A client for a server and credentials that are not (yet) a stored login. */
  async clientFor(root: string, credentials: Credentials, connect: ConnectOptions = {}): Promise<ApiClient> {
    const timeoutMs = this.timeoutMs();
    const maxResponseBytes = envMaxResponseBytes(this.env);
    this.warnPlainHttp(root, credentials);
    if (connect.insecure) {
      this.warn(`${connect.name !== undefined ? `login "${connect.name}"` : hostOf(root)} skips TLS certificate checks (--insecure): use it only with test servers`);
    }
    const { ApiClient } = await import('../api/client.js');
    const pageConcurrency = envConcurrency(this.env);
    const client = new ApiClient({
      root,
      credentials,
      userAgent: `kettle/${this.version}`,
      env: this.env,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      ...(connect.timeoutMs !== undefined ? { answerTimeoutMs: connect.timeoutMs } : {}),
      ...(connect.timeoutScope !== undefined ? { timeoutScope: connect.timeoutScope } : {}),
      ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}),
      ...(connect.insecure ? { insecure: true } : {}),
      trace: this.flags.debug ? (line) => this.trace(line) : undefined,
      ...(pageConcurrency !== undefined ? { pageConcurrency } : {}),
      onWait: (ms, reason) => this.waitNote(ms, reason),
      onNote: (message) => this.warn(message),
    });
    this.clients.push(client);
    return client;
  }

  /** The note before kettle waits: one line, or on a terminal a countdown (output/countdown.ts). */
  private waitNote(ms: number, reason: string): void {
    if (!this.io.stderrIsTTY) {
      this.info(`kettle: ${reason}; waiting ${Math.ceil(ms / 1000)} s before retrying`);
      return;
    }
    countdown(this.io, ms, (left) => `kettle: ${visibleControls(reason)}; retrying in ${left} s`);
  }

  private warnPlainHttp(root: string, credentials: Credentials): void {
    if (this.warnedPlainHttp || credentials.method === 'none') return;
    if (!sentInTheClear(root)) return;
    this.warnedPlainHttp = true;
    this.warn(`sending credentials to ${hostOf(root)} over plain http; anyone on the network path can read them`);
  }

  /**
   * The repository a command is about: -R wins; then an issue or pull-request
   * web URL among `numbers` (the NUMBER arguments); otherwise the git remotes
   * of the current directory whose host kettle has a login for (see
   * pickRemote). The host so found chooses the login, unless --login or
   * KETTLE_LOGIN says which.
   */
  async repo(flag: string | undefined, numbers?: string | readonly string[]): Promise<RepoRef> {
    const fromUrls = this.repoOfUrls(typeof numbers === 'string' ? [numbers] : (numbers ?? []));
    if (typeof flag === 'string') {
      const repo = this.repoArg(flag);
      if (fromUrls && fullName(fromUrls).toLowerCase() !== fullName(repo).toLowerCase()) {
        throw new UsageError(`-R ${flag} and the URL given name different repositories (${fullName(repo)}, ${fullName(fromUrls)})`);
      }
      return repo;
    }
    if (fromUrls) return fromUrls;
    // Not logged in at all says so (exit 4) before anything about remotes.
    this.checkLoggedIn();
    const remotes = await gitRemotes(this.io.cwd, this.env);
    const picked = pickRemote(remotes, this.loginHosts());
    if (!picked) {
      // In an Actions job, the repository the job runs for.
      const job = jobRepository(this.env);
      if (job !== undefined) {
        const { repo } = locateRepo(job, [], 'GITHUB_REPOSITORY');
        this.repoFrom = { repo, source: 'GITHUB_REPOSITORY' };
        return repo;
      }
      throw new UsageError(NO_REPO_HINT);
    }
    this.setPlace(placeOfRemote(picked.remote.url));
    this.repoFrom = { repo: { owner: picked.owner, name: picked.name }, source: remoteSource(picked.remote) };
    return { owner: picked.owner, name: picked.name };
  }

  /** The one repository the web URLs among NUMBER arguments name (with their place), or undefined when none is a URL. */
  private repoOfUrls(values: readonly string[]): RepoRef | undefined {
    let found: { repo: RepoRef; key: string } | undefined;
    for (const value of values) {
      if (!isWebUrl(value)) continue;
      const located = locateRepo(value, this.loginRoots(), 'URL');
      const key = `${located.place?.root ?? ''}/${fullName(located.repo)}`.toLowerCase();
      if (found && found.key !== key) throw new UsageError(`the URLs given name different repositories; give one repository's issues at a time`);
      if (!found) {
        this.setPlace(located.place);
        found = { repo: located.repo, key };
      }
    }
    return found?.repo;
  }

  /** The repository read from a git remote and where it came from, once repo() found one there. */
  repoFrom: { repo: RepoRef; source: string } | undefined;

  /** The hosts kettle has credentials for: every stored login's, and KETTLE_URL's. */
  private loginHosts(): string[] {
    return this.loginRoots()
      .map(hostnameOf)
      .filter((h): h is string => h !== undefined);
  }

  async dispose(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}
