// An in-memory, stateful server of the API for the tests, the demo and the
// benchmarks. It listens on 127.0.0.1 on a free port, records every request,
// and has switches for latency, pagination styles, rate limits and faults.
// kettle itself never loads it.
import { otpProblem } from './two-factor.js';
import { handleOAuth, oauthTokenUser } from './oauth.js';
import { handleRunnerService } from './routes-runners.js';
import { createReadStream, readFileSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { HttpError, match, notFound, type PaginationStyle, type PagingFault, segments, ValidationError } from './http.js';
import { logRequest } from './log.js';
import { ALL_ROUTES, DEMO_SEEDS, STATE_SETUP, STREAMED_ROUTES, WEB_ROUTES } from './all-routes.js';
import { type Call, type Flavor, flavorAtLeast, versionNumbers } from './routes.js';
import { type Json, NO_TOPICS, seedDemo, State, type User } from './state.js';

export type FaultKind =
  | 'status' // a status with a JSON error body (or `body` as given)
  | 'html' // a proxy's HTML error page
  | 'truncated' // 200, JSON cut off half-way (complete HTTP message)
  | 'cut' // 200, the connection closes before Content-Length bytes arrived
  | 'empty' // 200 with no body
  | 'wrongShape' // 200, an array where an object belongs and the other way round
  | 'reset' // the connection is reset before any answer
  | 'stall' // headers and part of the body, then nothing
  | 'hang' // no answer at all
  | 'huge' // 200 with an enormous body
  | 'ratelimit' // 429 with Retry-After
  | 'redirect' // 302 to `location`
  // The real answer, spoilt: the request is carried out, then `mangle` turns
  // the answer's record(s) into the text sent (null fields, wrong types, cut JSON).
  | 'mangle'
  // The real answer's first page, renumbered, for every page asked for, each
  // with a Link to the next and no total: a list that never ends.
  | 'endless'
  // The real answer, `bytes` bytes (default 1) every `intervalMs` (default 50).
  | 'drip';

export interface Fault {
  kind: FaultKind;
  status?: number;
  /** status: the body as sent (bytes for a binary answer). */
  body?: string | Uint8Array;
  /** How many matching requests get the fault (default 1). */
  times?: number;
  /** Let this many matching requests through first. */
  skip?: number;
  method?: string;
  /** Only requests whose API path matches. */
  path?: string | RegExp;
  retryAfter?: number;
  headers?: Record<string, string>;
  bytes?: number;
  /** huge: stream the body without a Content-Length, as a chunked answer. */
  chunked?: boolean;
  location?: string;
  /** mangle: the text to send instead of the real answer's JSON, made from its parsed body (undefined when it had none). */
  mangle?: (body: unknown) => string;
  /** drip: the pause between pieces of the body. */
  intervalMs?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path relative to the API root, as sent (still percent-encoded), without the query. */
  path: string;
  query: Record<string, string>;
  /** The request target exactly as received. */
  rawUrl: string;
  headers: Record<string, string | string[] | undefined>;
  auth: 'header' | 'query' | 'basic' | undefined;
  user: string | undefined;
  bodyText: string;
  body: unknown;
  /** The release that answered, as the descriptions name it ("Gitea 1.26.4"): the contract check reads it. */
  release?: string;
  /** On a streamed route (an asset upload): the bytes of the body, which bodyText leaves out. */
  bodyBytes?: number;
  status?: number;
  fault?: FaultKind;
  at: number;
  /** API requests being handled when this one arrived, this one included (concurrency checks). */
  inFlight?: number;
  /** Requests the rate limit still allowed this identity when this one arrived; undefined without a limit. */
  rateRemaining?: number;
  /** The flavour the server was set to when the request arrived. */
  flavour?: 'gitea' | 'forgejo';
}

export interface ServerOptions {
  seed?: 'demo' | 'empty';
  /** A sub-path deployment, such as /forge. */
  basePath?: string;
  latencyMs?: number;
  defaultPageSize?: number;
  maxPageSize?: number;
  pagination?: PaginationStyle;
  /** A way to get pagination wrong (see PagingFault); undefined for none. */
  pagingFault?: PagingFault | undefined;
  /** Requests allowed per window and identity; unlimited when absent. */
  rateLimit?: { limit: number; windowSeconds?: number };
  flavor?: Partial<Flavor>;
  /** Serve https with this key and certificate (PEM files), for TLS tests. */
  tls?: { keyFile: string; certFile: string };
}

interface Settings {
  latencyMs: number;
  defaultPageSize: number;
  maxPageSize: number;
  pagination: PaginationStyle;
  pagingFault: PagingFault | undefined;
  rateLimit: { limit: number; windowSeconds: number } | undefined;
  flavor: Flavor;
}

/** The settings that can change while the server runs (see TestServer.set). */
export type Adjustable = Omit<ServerOptions, 'seed' | 'basePath' | 'tls'>;

/**
 * The API description's own variants, which Gitea does not have: GET /issues,
 * and X-Page/X-PerPage beside X-Total-Count. `server.set(SPEC_VARIANT)` or
 * `startServer({ ...SPEC_VARIANT })` for the tests of kettle's handling of them.
 */
export const SPEC_VARIANT = { pagination: 'spec', flavor: { noIssuesEndpoint: false } } as const satisfies Adjustable;

/** What a server does unless told otherwise (Gitea 1.23's behaviour); a fresh copy each time. */
function defaultSettings(): Settings {
  return {
    latencyMs: 0,
    defaultPageSize: 30,
    maxPageSize: 50,
    // Gitea's own behaviour by default: Link and X-Total-Count only, no GET /issues.
    pagination: 'gitea',
    pagingFault: undefined,
    rateLimit: undefined,
    flavor: { noIssuesEndpoint: true, bare422: false, legacyTimestamps: false, forgejo: false, queryTokensDisabled: false },
  };
}

const HTML_PAGE = (status: number) =>
  `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

/** A record of an endless list's page made new: ids and numbers moved past every earlier page's. */
type Send = (status: number, payload: unknown, headers?: Record<string, string>) => void;

/** What routing a request needs of the steps before it. */
interface Routing {
  method: string;
  segs: string[];
  url: URL;
  rec: RecordedRequest;
  who: { user?: User; auth?: RecordedRequest['auth']; basicPassword: boolean; scopes?: string[] };
  upload: Transform | undefined;
  send: Send;
  limitHeaders: Record<string, string>;
  spoil: Fault | undefined;
}

/** A streamed route's body, its bytes counted on the way to the handler, for the contract check. */
function countedUpload(req: IncomingMessage, rec: RecordedRequest): Transform {
  rec.bodyBytes = 0;
  const upload = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      rec.bodyBytes = (rec.bodyBytes ?? 0) + chunk.length;
      done(null, chunk);
    },
  });
  pipeline(req, upload).catch(() => undefined);
  return upload;
}

function renumber(item: unknown, page: number): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const out: Json = { ...(item as Json) };
  for (const key of ['id', 'number']) {
    const v = out[key];
    if (typeof v === 'number') out[key] = v + (page - 1) * 1_000_000;
  }
  return out;
}

/** Send a body a few bytes at a time, as a slow link or a struggling proxy does. */
function drip(res: ServerResponse, body: Buffer, bytes: number, intervalMs: number): void {
  let at = 0;
  res.on('error', () => undefined);
  const next = () => {
    if (res.destroyed) return;
    if (at >= body.length) {
      res.end();
      return;
    }
    res.write(body.subarray(at, at + bytes));
    at += bytes;
    setTimeout(next, intervalMs).unref();
  };
  next();
}

function renameTimestamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameTimestamps);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const key = k === 'created_at' ? 'created' : k === 'updated_at' ? 'updated' : k;
    out[key] = renameTimestamps(v);
  }
  return out;
}

export class TestServer {
  readonly state: State;
  readonly requests: RecordedRequest[] = [];
  /** Requests to routes outside the API (asset downloads): where they went and with which headers. */
  readonly webRequests: Array<{ path: string; headers: Record<string, string | string[] | undefined> }> = [];
  /** Instance root (with the sub-path), no trailing slash. */
  readonly url: string;
  /** API root, ending in /api/v1. */
  readonly apiUrl: string;
  readonly settings: Settings = defaultSettings();
  private faults: Array<Fault & { left: number; skipLeft: number }> = [];
  private readonly sockets = new Set<Socket>();
  private readonly windows = new Map<string, { used: number; resetAt: number }>();
  private readonly listeners: Array<(req: RecordedRequest) => void> = [];
  private readonly apiPrefix: string;
  private inFlight = 0;
  /** Most API requests handled at once since the last resetRequests(). */
  maxInFlight = 0;
  /**
   * git's smart HTTP outside the API (set by enableGit in git-http.ts); true
   * when it answered. It runs before anything reads the body, which is binary.
   */
  git: ((req: IncomingMessage, res: ServerResponse, url: URL, user: User | undefined, bad: string | undefined) => Promise<boolean>) | undefined;

  constructor(
    private readonly server: Server,
    origin: string,
    basePath: string,
    /** The settings the server was started with, on top of the defaults. */
    private readonly initial: Adjustable,
  ) {
    this.url = `${origin}${basePath}`;
    this.apiPrefix = `${basePath}/api/v1`;
    this.apiUrl = `${origin}${this.apiPrefix}`;
    this.set(initial);
    this.state = new State(this.url, this.apiUrl);
    for (const setup of STATE_SETUP) setup(this.state);
    server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `test server bug: ${String(err)}` }));
        }
      });
    });
  }

  /** A new access token for a user; returns the token string. */
  addToken(login: string): string {
    if (!this.state.user(login)) throw new Error(`no user ${login}`);
    return this.state.addToken(login).sha1;
  }

  fault(f: Fault): void {
    this.faults.push({ ...f, left: f.times ?? 1, skipLeft: f.skip ?? 0 });
  }

  clearFaults(): void {
    this.faults = [];
    this.windows.clear();
  }

  resetRequests(): void {
    this.requests.length = 0;
    this.webRequests.length = 0;
    this.maxInFlight = 0;
  }

  /** Change settings while running (latency, page sizes, pagination style, rate limit, flavor). */
  set(options: Adjustable): void {
    if (options.latencyMs !== undefined) this.settings.latencyMs = options.latencyMs;
    if (options.defaultPageSize !== undefined) this.settings.defaultPageSize = options.defaultPageSize;
    if (options.maxPageSize !== undefined) this.settings.maxPageSize = options.maxPageSize;
    if (options.pagination !== undefined) this.settings.pagination = options.pagination;
    if ('pagingFault' in options) this.settings.pagingFault = options.pagingFault;
    if ('rateLimit' in options) {
      this.settings.rateLimit = options.rateLimit ? { windowSeconds: 3600, ...options.rateLimit } : undefined;
      this.windows.clear();
    }
    if (options.flavor) this.settings.flavor = { ...this.settings.flavor, ...options.flavor };
  }

  /** Back to the settings the server was started with, undoing every set(). */
  resetSettings(): void {
    Object.assign(this.settings, defaultSettings());
    this.windows.clear();
    this.set(this.initial);
  }

  /** Called with each request before it is answered (tests use it to change state mid-list). */
  onRequest(listener: (req: RecordedRequest) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /**
   * The first half of a restart: open connections dropped and the port
   * closed, so requests meet "connection refused" until comeBack().
   */
  async goAway(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The second half of a restart: listening again on the same port (nothing to do while it listens). */
  async comeBack(): Promise<void> {
    if (this.server.listening) return;
    const port = Number(new URL(this.url).port);
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.state.dispose();
  }

  private authenticate(req: IncomingMessage, url: URL): { user?: User; auth?: RecordedRequest['auth']; basicPassword: boolean; bad: boolean; why?: string; scopes?: string[] } {
    const header = req.headers.authorization;
    const byToken = (t: string) => {
      const token = this.state.tokens.find((x) => x.sha1 === t);
      if (token) return this.state.user(token.login);
      // An OAuth2 access token (oauth.ts), while it lasts.
      const viaOAuth = oauthTokenUser(this.state, t);
      return viaOAuth === undefined ? undefined : this.state.user(viaOAuth);
    };
    const scopesOf = (t: string) => this.state.tokens.find((x) => x.sha1 === t)?.scopes;
    if (header) {
      const [scheme = '', ...rest] = header.split(' ');
      const value = rest.join(' ').trim();
      if (/^(token|bearer)$/i.test(scheme)) {
        const user = byToken(value);
        const scopes = scopesOf(value);
        // A JWT (an OAuth2 access token) that is no user's, or no longer (services/auth/oauth2.go userFromToken):
        // recorded on Gitea 1.23.8 and Forgejo 11.0.1 as GetUserByID(0)'s error; Gitea 1.26 and later
        // (routers/api/v1/api.go, ErrAsUserAuthMessage) say the usual, recorded on 1.27.0.
        const modern = !this.settings.flavor.forgejo && flavorAtLeast(this.settings.flavor, '1.26');
        const why = !user && value.includes('.') && !modern ? { why: 'user does not exist [uid: 0, name: ]' } : {};
        return { ...(user ? { user } : {}), ...(scopes ? { scopes } : {}), ...why, auth: 'header', basicPassword: false, bad: !user };
      }
      if (/^basic$/i.test(scheme)) {
        const decoded = Buffer.from(value, 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        const login = colon >= 0 ? decoded.slice(0, colon) : decoded;
        const secret = colon >= 0 ? decoded.slice(colon + 1) : '';
        // services/auth/basic.go (Gitea 1.23…1.27, Forgejo 11): the password is tried as a token first
        // (the user name, when the password is empty or x-oauth-basic), whatever the user name; a
        // token is its own user's. Only then is it the user's password.
        const tokenText = secret === '' || secret === 'x-oauth-basic' ? login : secret;
        const viaToken = byToken(tokenText);
        if (viaToken) return { user: viaToken, scopes: scopesOf(tokenText) ?? [], auth: 'basic', basicPassword: false, bad: false };
        const user = this.state.user(login);
        if (user && user.password === secret) {
          const why = otpProblem(this.state, user.login, req.headers);
          return why ? { auth: 'basic', basicPassword: true, bad: true, why } : { user, auth: 'basic', basicPassword: true, bad: false };
        }
        return { auth: 'basic', basicPassword: false, bad: true };
      }
      return { basicPassword: false, bad: true };
    }
    // Gitea 1.23 still takes a token in the query (deprecated; ignored where
    // DISABLE_QUERY_AUTH_TOKEN is set): `token` first, then `access_token`, an empty one as none.
    const q = this.settings.flavor.queryTokensDisabled ? '' : url.searchParams.get('token') || url.searchParams.get('access_token') || '';
    if (q !== '') {
      const user = byToken(q);
      const scopes = scopesOf(q);
      return { ...(user ? { user } : {}), ...(scopes ? { scopes } : {}), auth: 'query', basicPassword: false, bad: !user };
    }
    return { basicPassword: false, bad: false };
  }

  private takeFault(rec: RecordedRequest): Fault | undefined {
    for (const f of this.faults) {
      if (f.left <= 0) continue;
      if (f.method && f.method.toUpperCase() !== rec.method) continue;
      if (f.path !== undefined && !(typeof f.path === 'string' ? rec.path === f.path : f.path.test(rec.path))) continue;
      if (f.skipLeft > 0) {
        f.skipLeft--;
        continue;
      }
      f.left--;
      return f;
    }
    return undefined;
  }

  /** What the rate limit still allows an identity, without counting anything. */
  private remainingFor(identity: string): number | undefined {
    const rl = this.settings.rateLimit;
    if (!rl) return undefined;
    const w = this.windows.get(identity);
    if (!w || w.resetAt <= Date.now()) return rl.limit;
    return Math.max(0, rl.limit - w.used);
  }

  /** The rate-limit headers for an identity, counting this request; `exceeded` when none were left. */
  private rateLimit(identity: string): { headers: Record<string, string>; exceeded: boolean; retryAfter: number } {
    const rl = this.settings.rateLimit;
    if (!rl) return { headers: {}, exceeded: false, retryAfter: 0 };
    const now = Date.now();
    let w = this.windows.get(identity);
    if (!w || w.resetAt <= now) {
      w = { used: 0, resetAt: now + rl.windowSeconds * 1000 };
      this.windows.set(identity, w);
    }
    const exceeded = w.used >= rl.limit;
    if (!exceeded) w.used++;
    const headers = {
      'x-ratelimit-limit': String(rl.limit),
      'x-ratelimit-remaining': String(Math.max(0, rl.limit - w.used)),
      'x-ratelimit-reset': String(Math.ceil(w.resetAt / 1000)),
    };
    return { headers, exceeded, retryAfter: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  /**
   * One request, in named steps: git's smart HTTP, the request read and
   * recorded, pages outside the API, injected faults, the rate limit, the
   * refusals before any handler (bad JSON, bad credentials, a malformed
   * path), and the route's handler.
   */
  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const method = (req.method ?? 'GET').toUpperCase();
    const inApi = url.pathname === this.apiPrefix || url.pathname.startsWith(`${this.apiPrefix}/`);
    const path = inApi ? url.pathname.slice(this.apiPrefix.length) || '/' : url.pathname;
    if (!inApi && this.git) {
      const who = this.authenticate(req, url);
      if (await this.git(req, res, url, who.user, who.bad ? (who.why ?? 'invalid username, password or token') : undefined)) return;
    }
    const { rec, who, streamed } = await this.receive(req, res, url, method, path, inApi);
    if (this.settings.latencyMs > 0) await new Promise((r) => setTimeout(r, this.settings.latencyMs));
    if (!inApi) {
      if (handleOAuth(this.state, req, res, url, method, rec.bodyText, this.apiPrefix.slice(0, -'/api/v1'.length), this.settings.flavor.forgejo === true)) {
        rec.status = res.statusCode;
        return;
      }
      if (handleRunnerService(this.state, res, url, method, req, rec.bodyText, this.apiPrefix.slice(0, -'/api/v1'.length), this.settings.flavor)) {
        rec.status = res.statusCode;
        return;
      }
      if (await this.handleWeb(req, res, url, method, who)) return;
      rec.status = 404;
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><head><title>Page Not Found</title></head><body>Not found</body></html>');
      return;
    }
    const fault = this.takeFault(rec);
    if (fault) {
      rec.fault = fault.kind;
      if (this.sendFault(fault, rec, res)) return;
    }
    // The faults that spoil the real answer: the handler runs, what it sends is changed.
    const spoil = fault && ['mangle', 'endless', 'drip'].includes(fault.kind) ? fault : undefined;
    const askedPage = Math.max(1, Number(url.searchParams.get('page')) || 1);
    if (spoil?.kind === 'endless') url.searchParams.set('page', '1');
    const limit = this.rateLimit(who.user?.login ?? req.socket.remoteAddress ?? 'anonymous');
    const upload = streamed ? countedUpload(req, rec) : undefined;
    const send = this.sender(res, rec, url, method, limit.headers, spoil, askedPage);
    if (limit.exceeded) return send(429, { message: 'rate limit exceeded', url: this.apiUrl }, { 'retry-after': String(limit.retryAfter) });
    if (rec.bodyText !== '' && rec.body === undefined) return send(400, { message: 'invalid JSON in request body', url: `${this.apiUrl}/swagger` });
    if (who.bad) return send(401, { message: who.why ?? 'invalid username, password or token', url: `${this.apiUrl}/swagger` });
    const segs = segments(path);
    if (!segs) return send(400, { message: 'malformed path', url: '' });
    await this.route(req, res, { method, segs, url, rec, who, upload, send, limitHeaders: limit.headers, spoil });
  }

  /** The request read (whole, except on a streamed route, which reads its own body) and recorded. */
  private async receive(req: IncomingMessage, res: ServerResponse, url: URL, method: string, path: string, inApi: boolean) {
    const early = segments(path);
    const streamed = inApi && early !== null && STREAMED_ROUTES.some(([m, pattern]) => m === method && match(pattern, early) !== null);
    let bodyText = '';
    if (!streamed) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      bodyText = Buffer.concat(chunks).toString('utf8');
    }
    let body: unknown;
    try {
      body = bodyText === '' ? undefined : JSON.parse(bodyText);
    } catch {
      body = undefined;
    }
    const who = this.authenticate(req, url);
    const rec: RecordedRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      rawUrl: req.url ?? '/',
      headers: { ...req.headers },
      auth: who.auth,
      user: who.user?.login,
      bodyText,
      body,
      release: `${this.settings.flavor.forgejo ? 'Forgejo' : 'Gitea'} ${versionNumbers(this.settings.flavor).join('.')}`,
      at: Date.now(),
      flavour: this.settings.flavor.forgejo ? 'forgejo' : 'gitea',
    };
    if (inApi) {
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      rec.inFlight = this.inFlight;
      let counted = true;
      const done = () => {
        if (counted) this.inFlight--;
        counted = false;
      };
      res.once('finish', done);
      res.once('close', done);
      const remaining = this.remainingFor(who.user?.login ?? req.socket.remoteAddress ?? 'anonymous');
      if (remaining !== undefined) rec.rateRemaining = remaining;
      this.requests.push(rec);
      logRequest(rec);
    }
    for (const l of this.listeners) l(rec);
    return { rec, who, streamed };
  }

  /** How an answer is sent: the rate-limit headers, the flavour's timestamps, and the spoiling faults (endless pages, mangled or dripped bodies). */
  private sender(res: ServerResponse, rec: RecordedRequest, url: URL, method: string, limitHeaders: Record<string, string>, spoil: Fault | undefined, askedPage: number): Send {
    return (status, answer, headers = {}) => {
      let payload = answer !== null && typeof answer === 'object' && BARE.has(answer) ? answer : errorBody(this.settings.flavor, status, asReleased(this.settings.flavor, answer), this.state.webRoot);
      let h: Record<string, string> = { ...limitHeaders, ...headers };
      if (spoil?.kind === 'endless' && Array.isArray(payload) && status === 200) {
        payload = payload.map((item: unknown) => renumber(item, askedPage));
        const next = new URL(url);
        next.searchParams.set('page', String(askedPage + 1));
        h = { ...limitHeaders, link: `<${next.toString()}>; rel="next"` };
      }
      rec.status = spoil?.status ?? status;
      let text = payload === undefined ? '' : JSON.stringify(this.settings.flavor.legacyTimestamps ? renameTimestamps(payload) : payload);
      if (spoil?.kind === 'mangle' && spoil.mangle) text = spoil.mangle(payload);
      // A mangled answer may carry other headers too (an X-Total-Count the pages do not hold).
      if (spoil?.kind === 'mangle' && spoil.headers) Object.assign(h, spoil.headers);
      if (text !== '') h['content-type'] = 'application/json;charset=utf-8';
      h['content-length'] = String(Buffer.byteLength(text));
      res.writeHead(rec.status, h);
      if (spoil?.kind === 'drip' && method !== 'HEAD') {
        drip(res, Buffer.from(text), spoil.bytes ?? 1, spoil.intervalMs ?? 50);
        return;
      }
      res.end(method === 'HEAD' ? undefined : text);
    };
  }

  /** The handler of the route the path names: 404 when none does, 405 when one does for another method, 401 without a user. */
  private async route(req: IncomingMessage, res: ServerResponse, r: Routing): Promise<void> {
    const { method, segs, url, rec, who, upload, send, limitHeaders, spoil } = r;
    let found = false;
    for (const [m, pattern, handler] of ALL_ROUTES) {
      const params = match(pattern, segs);
      if (!params) continue;
      found = true;
      if (m !== method && !(m === 'GET' && method === 'HEAD')) continue;
      if (!who.user) return send(401, { message: 'token is required', url: `${this.apiUrl}/swagger` });
      const needed = who.scopes === undefined ? undefined : scopeNeeded(method, segs);
      if (needed !== undefined && !tokenAllows(who.scopes ?? [], needed)) {
        // routers/api/v1/api.go tokenRequiresScopes (messages as real Gitea 1.23.8 and 1.27.0, Forgejo 11.0.1 send them).
        const message = this.settings.flavor.forgejo
          ? `token does not have at least one of required scope(s): [${needed}]`
          : `token does not have at least one of required scope(s), required=[${needed}], token scope=${(who.scopes ?? []).join(',')}`;
        return send(403, { message, url: '' });
      }
      // routers/api/v1/api.go sudo(): an administrator acts as the user named by ?sudo= or the Sudo header.
      const sudo = url.searchParams.get('sudo') || (typeof req.headers.sudo === 'string' ? req.headers.sudo : '');
      let user = who.user;
      if (sudo !== '') {
        // ctx.JSON(403, map{"message": …}), not APIError: no `url` (recorded from real Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1).
        if (user.admin !== true) {
          const refused = { message: 'Only administrators allowed to sudo.' };
          BARE.add(refused);
          return send(403, refused);
        }
        const target = this.state.user(sudo);
        if (!target) {
          const missing = notFound(this.state.apiRoot);
          return send(missing.status, missing.body);
        }
        user = target;
      }
      // routers/api/v1/api.go: every /orgs/{org} route runs context.OrgAssignment first, which answers a name that is
      // no organization with APIError(404, "GetOrgByName", err) (recorded from real Gitea 1.23.8 and Forgejo 11.0.1;
      // Gitea 1.27's APIError sends it as its plain "not found").
      if (pattern.startsWith('/orgs/:org') && params.org !== undefined && !this.state.org(params.org)) {
        const flavor = this.settings.flavor;
        const missing =
          !flavor.forgejo && flavorAtLeast(flavor, '1.27')
            ? notFound(this.state.apiRoot)
            : new HttpError(404, { message: 'GetOrgByName', errors: [`user redirect does not exist [name: ${params.org}]`] });
        return send(missing.status, missing.body);
      }
      const call: Call = {
        method,
        params,
        query: url.searchParams,
        url,
        body: rec.body,
        user,
        auth: who.auth ?? 'header',
        basicPassword: who.basicPassword,
        state: this.state,
        paging: { defaultPageSize: this.settings.defaultPageSize, maxPageSize: this.settings.maxPageSize, style: this.settings.pagination, fault: this.settings.pagingFault },
        flavor: this.settings.flavor,
        headers: req.headers,
        ...(upload ? { request: upload } : {}),
      };
      try {
        const reply = await handler(call);
        if (reply.raw === undefined && reply.stream === undefined) return send(reply.status, reply.body, reply.headers);
        if (reply.stream !== undefined) {
          rec.status = reply.status;
          res.writeHead(reply.status, { ...limitHeaders, ...reply.headers });
          const promised = Number(reply.headers?.['content-length'] ?? Number.NaN);
          let written = 0;
          reply.stream.on('data', (chunk: Buffer) => {
            written += chunk.length;
          });
          // A body that ends short of its Content-Length was cut: what was written goes out, then the connection closes.
          reply.stream.on('end', () => (written < promised ? res.socket?.end() : res.end()));
          reply.stream.on('error', () => res.destroy());
          reply.stream.pipe(res, { end: false });
          return;
        }
        rec.status = spoil?.status ?? reply.status;
        const raw = spoil?.kind === 'mangle' && spoil.mangle ? spoil.mangle(reply.raw as string) : (reply.raw as string);
        res.writeHead(rec.status, { ...limitHeaders, ...reply.headers, 'content-length': String(Buffer.byteLength(raw)) });
        if (spoil?.kind === 'drip' && method !== 'HEAD') drip(res, Buffer.from(raw), spoil.bytes ?? 1, spoil.intervalMs ?? 50);
        else res.end(method === 'HEAD' ? undefined : raw);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        // The bare422 flavour: a failed validation answered with its message alone.
        if (err instanceof ValidationError && this.settings.flavor.bare422) send(422, { message: err.body.message, url: `${this.apiUrl}/swagger` });
        else send(err.status, err.body, err.headers);
      }
      return;
    }
    if (found) {
      rec.status = 405;
      res.writeHead(405, limitHeaders);
      res.end();
      return;
    }
    const nf = notFound(this.apiUrl);
    send(nf.status, nf.body);
  }

  /** A route outside the API (asset downloads); false when none matches. */
  private async handleWeb(req: IncomingMessage, res: ServerResponse, url: URL, method: string, who: ReturnType<TestServer['authenticate']>): Promise<boolean> {
    const base = this.apiPrefix.slice(0, -'/api/v1'.length);
    if (base !== '' && !url.pathname.startsWith(`${base}/`)) return false;
    const segs = segments(url.pathname.slice(base.length));
    if (!segs) return false;
    for (const [m, pattern, handler] of WEB_ROUTES) {
      const params = match(pattern, segs);
      if (!params || (m !== method && !(m === 'GET' && method === 'HEAD'))) continue;
      this.webRequests.push({ path: url.pathname, headers: { ...req.headers } });
      if (who.bad) {
        res.writeHead(401, { 'content-type': 'text/plain' });
        res.end('Unauthorized');
        return true;
      }
      let reply: Awaited<ReturnType<typeof handler>>;
      try {
        reply = await handler({
          method,
          params,
          query: url.searchParams,
          url,
          body: undefined,
          user: who.user,
          auth: who.auth ?? 'header',
          basicPassword: who.basicPassword,
          state: this.state,
          paging: { defaultPageSize: this.settings.defaultPageSize, maxPageSize: this.settings.maxPageSize, style: this.settings.pagination },
          flavor: this.settings.flavor,
          headers: req.headers,
        });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        res.writeHead(err.status, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!DOCTYPE html><html><body>Not found</body></html>');
        return true;
      }
      const file = reply.file;
      if (!file) {
        // A write outside the API (a package registry's upload): its status alone.
        req.resume();
        res.writeHead(reply.status);
        res.end();
        return true;
      }
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(file.size),
        'content-disposition': `attachment; filename="${encodeURIComponent(file.name)}"`,
      });
      if (method === 'HEAD') {
        res.end();
        return true;
      }
      await pipeline(createReadStream(file.path), res).catch(() => undefined);
      return true;
    }
    return false;
  }

  /** Answer with a fault. Returns false when the fault lets the request through. */
  private sendFault(f: Fault, rec: RecordedRequest, res: ServerResponse): boolean {
    const json = 'application/json;charset=utf-8';
    switch (f.kind) {
      case 'status': {
        const status = f.status ?? 500;
        rec.status = status;
        const text = f.body ?? JSON.stringify({ message: `injected ${status}`, url: '' });
        res.writeHead(status, { 'content-type': json, 'content-length': String(Buffer.byteLength(text)), ...f.headers });
        res.end(text);
        return true;
      }
      case 'html': {
        const status = f.status ?? 502;
        rec.status = status;
        res.writeHead(status, { 'content-type': 'text/html', ...f.headers });
        res.end(HTML_PAGE(status));
        return true;
      }
      case 'truncated': {
        rec.status = 200;
        const text = '{"id":1,"login":"alice","full_name":"Ali';
        res.writeHead(200, { 'content-type': json, 'content-length': String(text.length) });
        res.end(text);
        return true;
      }
      case 'cut': {
        rec.status = 200;
        res.writeHead(200, { 'content-type': json, 'content-length': '4096', ...f.headers });
        res.write('[{"id":1,"title":"first"},{"id":2,"ti');
        setTimeout(() => res.socket?.destroy(), 20);
        return true;
      }
      case 'empty':
        rec.status = 200;
        res.writeHead(200, { 'content-type': json, 'content-length': '0' });
        res.end();
        return true;
      case 'wrongShape': {
        rec.status = 200;
        const listy = /\/(repos|issues|pulls|orgs|hooks|labels|search)$/.test(rec.path) && rec.method === 'GET';
        const text = listy ? '{"data":[]}' : '[]';
        res.writeHead(200, { 'content-type': json, 'content-length': String(text.length) });
        res.end(text);
        return true;
      }
      case 'reset':
        res.socket?.resetAndDestroy();
        return true;
      case 'stall':
        rec.status = 200;
        res.writeHead(200, { 'content-type': json });
        res.write('[');
        return true;
      case 'hang':
        return true;
      case 'huge': {
        rec.status = 200;
        const bytes = f.bytes ?? 64 * 1024 * 1024;
        res.writeHead(200, { 'content-type': json, ...(f.chunked ? {} : { 'content-length': String(bytes + 4) }), ...f.headers });
        res.write('["');
        const chunk = 'x'.repeat(64 * 1024);
        let left = bytes;
        const pump = () => {
          while (left > 0) {
            const piece = left >= chunk.length ? chunk : chunk.slice(0, left);
            left -= piece.length;
            if (!res.write(piece)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end('"]');
        };
        res.on('error', () => undefined);
        pump();
        return true;
      }
      case 'ratelimit': {
        rec.status = 429;
        const wait = f.retryAfter ?? 1;
        const text = JSON.stringify({ message: 'rate limit exceeded', url: '' });
        res.writeHead(429, {
          'content-type': json,
          'retry-after': String(wait),
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + wait),
          ...f.headers,
        });
        res.end(text);
        return true;
      }
      case 'mangle':
      case 'endless':
      case 'drip':
        return false;
      case 'redirect':
        rec.status = 302;
        res.writeHead(302, { location: f.location ?? 'http://127.0.0.2:9/elsewhere' });
        res.end();
        return true;
    }
  }
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const http = options.tls
    ? createHttpsServer({ keepAliveTimeout: 30_000, key: readFileSync(options.tls.keyFile), cert: readFileSync(options.tls.certFile) })
    : createServer({ keepAliveTimeout: 30_000 });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const server = new TestServer(http, `${options.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`, basePath, { ...options });
  if (options.seed === 'demo') {
    seedDemo(server.state);
    for (const seed of DEMO_SEEDS) await seed(server.state);
  }
  return server;
}

/** Error answers written by a handler of their own, not ctx.APIError: sent as they are, without the description's address. */
const BARE = new WeakSet<object>();

/**
 * An error answer as the release writes it. Every one names the API's
 * description at `<instance>/api/swagger` (setting.API.SwaggerURL). The
 * generic 404 is `{errors: null, message: "The target couldn't be found."}` up
 * to Gitea 1.26 (services/context/api.go NotFound; `errors: []` in Forgejo), and
 * `{message: "not found"}` from Gitea 1.27 (APIErrorNotFound; recorded from a
 * real 1.27.0), whose error answers carry no `errors` at all (APIError).
 */
function errorBody(flavor: Flavor, status: number, payload: unknown, webRoot: string): unknown {
  if (status < 400 || payload === null || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const body = payload as Record<string, unknown>;
  if (typeof body.message !== 'string') return payload;
  const url = `${webRoot}/api/swagger`;
  if (!flavor.forgejo && flavorAtLeast(flavor, '1.27')) {
    const { errors: _errors, ...rest } = body;
    return { ...rest, message: status === 404 && body.message === "The target couldn't be found." ? 'not found' : body.message, url };
  }
  // ctx.Error's answers have no `errors`; only the generic NotFound carries `errors: null` (or its errors).
  if (body.errors === null && body.message !== "The target couldn't be found.") {
    const { errors: _errors, ...rest } = body;
    return { ...rest, url };
  }
  // Forgejo's NotFound starts from an empty list (make([]string, 0)): `errors: []` where Gitea's nil slice is null (recorded from Forgejo 11.0.1).
  if (flavor.forgejo && status === 404 && body.errors === null) return { ...body, errors: [], url };
  return { ...body, url };
}

/**
 * What a release changes in every record of a kind: Gitea 1.27 leaves a
 * repository's `parent` out when it has none (recorded from a real 1.27.0;
 * earlier releases and Forgejo send `parent: null`) and gives an issue its
 * `projects`; see Forgejo's below.
 */
function asReleased(flavor: Flavor, payload: unknown): unknown {
  const dropParent = !flavor.forgejo && flavorAtLeast(flavor, '1.27');
  // Gitea 1.27's api.Issue has `projects` (modules/structs/issue.go), null for an issue in none (recorded from a real 1.27.0).
  const projects = dropParent;
  if (!dropParent && !flavor.forgejo) return payload;
  const shape = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(shape);
    if (v === null || typeof v !== 'object') return v;
    const record = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(record)) {
      if (dropParent && k === 'parent' && x === null) continue;
      // Forgejo: a repository whose topics were never set has `topics: null` ([] once set to none); a release asset says `type: "attachment"` (both recorded from a real 11.0.1).
      out[k] = flavor.forgejo && k === 'topics' && x === NO_TOPICS ? null : shape(x);
    }
    if (flavor.forgejo && typeof record.browser_download_url === 'string' && typeof record.uuid === 'string' && !('type' in record)) out.type = 'attachment';
    if (projects && 'number' in record && 'pull_request' in record && !('head' in record) && !('projects' in record)) out.projects = null;
    return out;
  };
  return shape(payload);
}

/**
 * The scope a token needs for a request: read: for GET and HEAD, write: for
 * the rest, of the category of the route's group in routers/api/v1/api.go
 * (tokenRequiresScopes, read at Gitea v1.23.8): notification, admin,
 * organization (orgs, teams, the user's organizations), package, issue (a
 * repository's issues, labels and milestones, and the issue search),
 * repository (the rest under /repos, and the user's repositories), user (the
 * rest under /user and /users). Other routes (version, markdown…) need none
 * modelled here.
 */
export function scopeNeeded(method: string, segs: string[]): string | undefined {
  const level = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  const [a = '', b = '', , , e = ''] = segs;
  let category: string | undefined;
  if (a === 'notifications' || (a === 'repos' && e === 'notifications')) category = 'notification';
  else if (a === 'admin') category = 'admin';
  else if (a === 'orgs' || a === 'teams' || (a === 'user' && b === 'orgs') || (a === 'users' && segs[2] === 'orgs')) category = 'organization';
  else if (a === 'packages') category = 'package';
  else if (a === 'repos' && (b === 'issues' || ['issues', 'labels', 'milestones'].includes(e))) category = 'issue';
  else if (a === 'repos' || (a === 'user' && (b === 'repos' || b === 'starred'))) category = 'repository';
  else if (a === 'user' || a === 'users') category = 'user';
  return category === undefined ? undefined : `${level}:${category}`;
}

/** Whether a token's scopes cover one (models/auth/access_token_scope.go: all covers every one, write: covers read:). */
export function tokenAllows(scopes: string[], needed: string): boolean {
  const [, category] = needed.split(':');
  return scopes.includes('all') || scopes.includes(needed) || scopes.includes(`write:${category}`);
}
