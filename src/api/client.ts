// The one request function every command uses: API root, auth, User-Agent, JSON
// in and out, typed errors, and the shared pagination iterator. The parts live
// beside it: transport.ts sends, retry.ts decides what is sent again, auth.ts
// adds the credentials, network-errors.ts names what went wrong.
import { type Credentials, HeldCredentials, requestHeaders } from './auth.js';
import type { DryRun } from './dry-run.js';
import { type HeaderMap, headerValue } from './headers.js';
import { ApiError } from '../errors.js';
import { echoHider } from './redact.js';
import { type ListOptions, readPage, recordId, warmUp } from './list-page.js';
import { DEFAULT_CONCURRENCY, type FetchPage, MAX_ADAPTIVE_CONCURRENCY, paginate, type PageWindow } from './paginate.js';
import { parseRateLimit, type RateLimit } from './ratelimit.js';
import { failIfNotOk } from './answer-status.js';
import { type ApiResponse, decodeSuccess, type RawApiResponse } from './response.js';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_MS, type Retried, type RetrySeams, withRetries } from './retry.js';
import { type Answer, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, type Outgoing, type StreamAnswer, type StreamedAnswer, type StreamOutgoing, Transport } from './transport.js';
import type { Dispatcher } from './undici.js';
import { buildUrl, instanceRoot, parsed, type QueryValue } from './url.js';

// Command code imports these from here.
export type { AuthMethod, Credentials } from './auth.js';
export type { ListOptions } from './list-page.js';
export type { ApiResponse, RawApiResponse } from './response.js';
export type { StreamedAnswer } from './transport.js';
export { failIfNotOk } from './answer-status.js';

export interface ClientOptions {
  /** API root, ending in /api/v1. */
  root: string;
  credentials: Credentials;
  /**
   * A browser login's token renewal: after a 401 to a request made with the
   * client's own credentials, asked once for new ones (given the token that
   * was refused), and the request sent again with them.
   */
  renew?: (spent: string) => Promise<Credentials>;
  userAgent: string;
  /**
   * Per-request timeout in milliseconds (default 30 s): connecting, the
   * answer, and every try and backoff of the request together.
   */
  timeoutMs?: number;
  /**
   * 'client': the timeout runs from the client's making and bounds all its
   * requests together (kettle status, whose reads are one wait for the user).
   */
  timeoutScope?: 'request' | 'client';
  /** A clock that only moves forward (ms), for the timeout; process.hrtime by default. */
  clock?: () => number;
  /**
   * A longer wait for an answer to begin than timeoutMs, for requests known
   * to be slow (a migration); once begun, the answer must keep coming, no
   * pause between its pieces longer than timeoutMs.
   */
  answerTimeoutMs?: number;
  /** The largest response body accepted, in bytes (default 50 MiB). */
  maxResponseBytes?: number;
  /** Accept any TLS certificate (a login added with --insecure). */
  insecure?: boolean;
  /**
   * --sudo: the user every request to this client's server acts as. Sent as
   * the Sudo header, which every release reads when no `sudo` parameter is
   * given (routers/api/v1/api.go sudo(), Gitea 1.23 to 1.27, Forgejo 11 to 15),
   * so no path or query changes with it.
   */
  sudo?: string;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read from. */
  env?: NodeJS.ProcessEnv;
  /** Receives one line per traced event; credentials are already redacted. */
  trace?: (line: string) => void;
  /** Called with a note for the user (a DELETE whose first answer was lost). */
  onNote?: (message: string) => void;
  /** Called with a note before kettle waits out a short rate limit or a server's Retry-After. */
  onWait?: (ms: number, reason: string) => void;
  /** Longest rate-limit wait kettle accepts before failing instead (ms). */
  maxRateLimitWait?: number;
  dispatcher?: Dispatcher;
  /** Pages of a list in flight at once (KETTLE_CONCURRENCY); 1 follows them one after another. */
  pageConcurrency?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Source of backoff jitter in [0, 1). */
  random?: () => number;
  /** --dry-run: writes are shown there and not sent (dry-run.ts). */
  dryRun?: DryRun | undefined;
}

/** A streamed answer: status and headers read, body still to come. */
export interface StreamedResponse {
  status: number;
  headers: import('./headers.js').HeaderMap;
  body: AsyncIterable<Buffer | string> & NodeJS.ReadableStream;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Credentials for this request only (token minting uses Basic). */
  credentials?: Credentials;
  /** Keep a successful answer's body as bytes (`pieces`), undecoded. */
  keepBytes?: boolean;
  /** A large answer is awaited (Outgoing's `large`). */
  large?: boolean;
}

/** The transport's timeouts: the overall one, and with a longer wait for the answer, the pause allowed within it. */
function timeoutsOf(timeoutMs: number, answerTimeoutMs: number | undefined): { timeoutMs: number; idleTimeoutMs?: number } {
  return answerTimeoutMs !== undefined && answerTimeoutMs > timeoutMs ? { timeoutMs: answerTimeoutMs, idleTimeoutMs: timeoutMs } : { timeoutMs };
}

export class ApiClient {
  readonly root: string;
  private readonly opts: ClientOptions;
  private readonly transport: Transport;
  /** The client's own credentials, renewed at most once (a browser login's token). */
  private readonly credentials: HeldCredentials;
  /** What the last response said about the rate limit (pagination reads it to pace itself). */
  rateLimit: RateLimit = {};
  /** The largest body accepted where a body is read whole. */
  readonly maxResponseBytes: number;
  /** One request's time, all its tries included. */
  private readonly budgetMs: number;
  /** When every request must be over, on the clock (timeoutScope 'client'). */
  private readonly until: number | undefined;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.root = opts.root;
    this.credentials = new HeldCredentials(opts.credentials, opts.renew);
    this.maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const timeouts = timeoutsOf(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, opts.answerTimeoutMs);
    this.budgetMs = timeouts.timeoutMs;
    this.until = opts.timeoutScope === 'client' ? this.clock() + timeouts.timeoutMs : undefined;
    this.transport = new Transport({
      ...timeouts,
      maxResponseBytes: this.maxResponseBytes,
      insecure: opts.insecure === true,
      env: opts.env ?? {},
      dispatcher: opts.dispatcher,
      trace: opts.trace,
      now: () => this.now(),
    });
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  private clock(): number {
    // process.hrtime, not performance.now(): the global \`performance\` loads
    // node:perf_hooks on first use, about 1.5 ms of every command that makes a
    // request (test/tools/BENCH.md, round four).
    return this.opts.clock ? this.opts.clock() : Number(process.hrtime.bigint()) / 1e6;
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /**
   * Send one request and return whatever the server answered, whatever its
   * status. Idempotent requests are tried again on 502/503/504, resets and
   * timeouts; short rate limits are waited out (see retry.ts). Throws
   * NetworkError when no answer came, and ApiError for a rate limit too long
   * to wait or an answer too large to take.
   */
  async requestRaw(method: string, path: string, opts: RequestOptions = {}): Promise<RawApiResponse & Retried> {
    const outgoing = this.outgoing(method, path, opts);
    if (this.heldBack(outgoing, opts)) throw this.opts.dryRun?.stopAfterWrite();
    const res = await withRetries(method, path, (limitMs) => this.send(outgoing, limitMs), this.retrySeams());
    if (res.status === 401 && (await this.credentials.renewed(opts))) return this.requestRaw(method, path, opts);
    return { ...res, url: outgoing.url.toString() };
  }

  /**
   * As requestRaw, but a successful answer's body that `streamIf` picks is
   * handed over unread, as a stream of bytes (kettle api, downloads): not
   * decoded, not held, no size cap, and not retried once it has begun. Any
   * other answer comes whole, with its bytes as they came.
   */
  async requestStream(method: string, path: string, opts: RequestOptions & { streamIf: (status: number, headers: HeaderMap) => boolean }): Promise<StreamedAnswer & Retried & { url: string }> {
    const outgoing = this.outgoing(method, path, opts);
    if (this.heldBack(outgoing, opts)) throw this.opts.dryRun?.stopAfterWrite();
    const res = await withRetries(method, path, (limitMs) => this.trackRateLimit(this.transport.stream(outgoing, opts.streamIf, limitMs)), this.retrySeams());
    if (res.status === 401 && (await this.credentials.renewed(opts))) return this.requestStream(method, path, opts);
    return { ...res, url: outgoing.url.toString() };
  }

  /** A request ready to go: URL under the API root, headers, body, credentials. */
  private outgoing(method: string, path: string, opts: RequestOptions): Outgoing {
    const url = buildUrl(this.root, path, opts.query);
    let body: string | undefined;
    const extra: Record<string, string> = {};
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      extra['content-type'] = 'application/json';
    }
    return {
      method,
      url,
      headers: this.headers(url, { ...extra, ...opts.headers }, opts.credentials),
      body,
      path,
      ...(opts.keepBytes ? { keepBytes: true } : {}),
      ...(opts.large ? { large: true } : {}),
    };
  }

  /** The headers of every request to a URL (auth.ts requestHeaders): the credentials and --sudo only under this client's server. */
  headers(url: URL, given: Record<string, string> = {}, credentials: Credentials = this.credentials.current): Record<string, string> {
    return requestHeaders(url, given, credentials, { own: this.isOwnUrl(url), userAgent: this.opts.userAgent, sudo: this.opts.sudo });
  }

  private retrySeams(): RetrySeams {
    return {
      now: () => this.now(),
      clock: () => this.clock(),
      budgetMs: this.budgetMs,
      until: this.until,
      sleep: this.opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: this.opts.random ?? Math.random,
      maxRateLimitWait: this.opts.maxRateLimitWait ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
      resetAt: () => this.rateLimit.resetAt,
      trace: this.opts.trace,
      onWait: this.opts.onWait,
    };
  }

  /**
   * Send one request. Resolves with the decoded response for 2xx; throws
   * ApiError for any other status and NetworkError when no answer came.
   *
   * A DELETE tried again after its answer was lost (a 504, a reset) that then
   * meets 404 was carried out the first time: it counts as done, with a note.
   */
  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const { dryRun } = this.opts;
    if (dryRun !== undefined) {
      const outgoing = this.outgoing(method, path, opts);
      if (this.heldBack(outgoing, opts)) return { status: 200, headers: {}, data: dryRun.answer() as T, url: outgoing.url.toString() };
    }
    return this.decoded<T>(method, path, await this.requestRaw(method, path, opts), this.echoHider(path, opts));
  }

  /** Under --dry-run, whether this request is a write to show rather than send (dry-run.ts); a read after a write stops there. */
  private heldBack(outgoing: { method: string; url: URL; body?: string | undefined; path: string }, opts: Pick<RequestOptions, 'body'> = {}): boolean {
    const { dryRun } = this.opts;
    if (dryRun === undefined) return false;
    const body = outgoing.body === undefined ? undefined : typeof outgoing.body === 'string' ? outgoing.body : '(streamed)';
    return dryRun.intercept(outgoing.method, outgoing.path.split('?')[0] ?? outgoing.path, outgoing.url.search, body, this.echoHider(outgoing.path, { body: opts.body ?? body }));
  }

  /**
   * What hides, in the server's answer to a request, the credentials the
   * request carried (its body's secrets, the client's token or password):
   * a server may quote the request back in its error message.
   */
  /** The token this client's requests carry, if they carry one: to hide it where an answer shows it. */
  get token(): string | undefined {
    const creds = this.credentials.current;
    return creds.method === 'header' || creds.method === 'query' ? creds.token : undefined;
  }

  echoHider(path: string, opts: Pick<RequestOptions, 'body' | 'credentials'> = {}): (text: string) => string {
    const creds = opts.credentials ?? this.credentials.current;
    const own = creds.method === 'basic' ? [creds.password] : creds.method === 'header' || creds.method === 'query' ? [creds.token] : [];
    // The path's tail tells a secret's body (carriesSecretBody): the API root in front adds nothing.
    return echoHider({ path, body: opts.body, credentials: own });
  }

  /** request()'s answer to what requestRaw() answered. */
  private decoded<T>(method: string, path: string, res: RawApiResponse & Retried, hide = this.echoHider(path)): ApiResponse<T> {
    if (res.status === 404 && method === 'DELETE' && res.lostAnswer !== undefined) {
      this.opts.onNote?.(`the first answer to DELETE ${path} was lost (${res.lostAnswer}); the server now answers 404 Not Found, so it is gone`);
      return { status: 204, headers: res.headers, data: undefined as T, url: res.url };
    }
    const raw = failIfNotOk(method, path, res, { hide });
    return { status: res.status, headers: res.headers, data: decodeSuccess(raw) as T, url: res.url };
  }

  /**
   * A GET whose body is passed on as it arrives, in constant memory (pr diff):
   * resolves once a 2xx answer's headers are in, with the body unread; any
   * other status is read (capped) and thrown as ApiError. Retried as requestStream
   * is: only until the body has begun.
   */
  async stream(path: string, opts: Pick<RequestOptions, 'headers' | 'query'> = {}): Promise<StreamedResponse> {
    const res = await this.requestStream('GET', path, { ...opts, headers: { accept: '*/*', ...opts.headers }, streamIf: () => true });
    if (res.body !== undefined) {
      // undici's body: a Node readable stream of Buffers.
      return { status: res.status, headers: res.headers, body: res.body as unknown as StreamedResponse['body'] };
    }
    failIfNotOk('GET', path, res, { hide: this.echoHider(path) });
    throw new ApiError({ message: `GET ${path} answered ${res.status} without a body`, method: 'GET', path, status: res.status });
  }

  /** One exchange, and what its answer says about the rate limit. */
  private send(outgoing: Outgoing, limitMs: number): Promise<Answer> {
    return this.trackRateLimit(this.transport.send(outgoing, limitMs));
  }

  /**
   * One request whose body, if any, is a stream, its answer's body unread
   * (release assets: see transfers.ts). Never retried: a stream cannot be
   * sent twice.
   */
  exchange(outgoing: StreamOutgoing): Promise<StreamAnswer> {
    if (this.heldBack({ ...outgoing, body: outgoing.body === undefined ? undefined : '(streamed)' })) return Promise.reject(this.opts.dryRun?.stopAfterWrite());
    return this.trackRateLimit(this.transport.exchange(outgoing));
  }

  /** Keep what an answer says about the rate limit. */
  private async trackRateLimit<A extends Pick<Answer, 'headers'>>(answer: Promise<A>): Promise<A> {
    const res = await answer;
    this.rateLimit = { ...this.rateLimit, ...parseRateLimit((n) => headerValue(res.headers, n), this.now()) };
    return res;
  }

  get<T = unknown>(path: string, query?: Record<string, QueryValue>): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, query ? { query } : {});
  }

  /**
   * Iterate a list endpoint over the given window, yielding the records of
   * each page in page order; once the first page tells the total, the rest are
   * fetched concurrently over the keep-alive pool (see paginate).
   */
  pages<T = unknown>(path: string, window: PageWindow, query: Record<string, QueryValue> = {}, options: ListOptions = {}): AsyncGenerator<T[]> {
    // The first page the long way (JSON.parse is V8's own): the pass-through's
    // reader runs unoptimised on its first pages, 12 to 16 ms for 50
    // Gitea-sized issues against 1.5 ms to parse them (and 3 to print them,
    // once the next pages are asked for), while the rest of the list waits on
    // that page, and a one-page list is over before it is optimised.
    // When more pages follow, the reader reads that first page too, once
    // their requests are out, and its result is dropped: V8 optimises it while
    // the list waits on the network for them, rather than on them (unless a
    // page has come and been read by then: it warmed the reader instead).
    let first = true;
    const given = options.pageBytes;
    let readerRan = false;
    const pageOptions: ListOptions =
      given === undefined
        ? options
        : {
            ...options,
            pageBytes: (pieces) => {
              readerRan = true;
              return given(pieces);
            },
          };
    const fetchPage: FetchPage<T> = async (page, limit) => {
      const quick = options.unwrap ? undefined : given;
      const parsed = first;
      first = false;
      // The first page: the command's young generation is nearly full by then, and the page's reading would collect it (roomWhileWaiting).
      const answer = await this.requestRaw('GET', path, { query: { ...query, page, limit }, headers: options.headers, ...(quick ? { keepBytes: true } : {}), ...(parsed ? { large: true } : {}) });
      const result = readPage<T>(answer, path, page, pageOptions, (raw) => this.decoded<unknown>('GET', path, raw), parsed && quick !== undefined);
      const more = window.count > limit && (result.hasNext === true || (result.total ?? 0) > limit);
      const { pieces } = answer;
      if (parsed && quick !== undefined && pieces !== undefined && more)
        warmUp(
          () => (readerRan ? undefined : quick(pieces)),
          (then) => this.transport.afterSent(then),
        );
      return result;
    };
    return paginate(fetchPage, window, {
      concurrency: options.concurrency ?? this.opts.pageConcurrency ?? DEFAULT_CONCURRENCY,
      // Grows while the list waits on the network, unless a number was set.
      maxConcurrency: options.concurrency ?? this.opts.pageConcurrency ?? MAX_ADAPTIVE_CONCURRENCY,
      remaining: () => this.rateLimit.remaining,
      key: recordId,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.onChange ? { onChange: options.onChange } : {}),
      ...(options.totalIsBound ? { totalIsBound: true } : {}),
    });
  }

  /** Whether a URL is under this client's server (the instance root, not merely the same host). */
  isOwnUrl(url: URL): boolean {
    const own = parsed(instanceRoot(this.root));
    const base = own.pathname.endsWith('/') ? own.pathname : `${own.pathname}/`;
    return url.protocol === own.protocol && url.host === own.host && (url.pathname === own.pathname || url.pathname.startsWith(base));
  }
}
