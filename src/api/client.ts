// The one request function every command uses: API root, auth, User-Agent, JSON
// in and out, typed errors, and the shared pagination iterator. The parts live
// beside it: transport.ts sends, retry.ts decides what is sent again, auth.ts
// adds the credentials, network-errors.ts names what went wrong.
import { authorize, type Credentials } from './auth.js';
import { headerValue, intHeader } from './headers.js';
import { redirectError } from './network-errors.js';
import { DEFAULT_CONCURRENCY, type FetchPage, paginate, type PageWindow, parseLinkHeader } from './paginate.js';
import { parseRateLimit, type RateLimit } from './ratelimit.js';
import { type ApiResponse, decodeSuccess, errorFromResponse, expectList, type RawApiResponse } from './response.js';
import { DEFAULT_MAX_RATE_LIMIT_WAIT_MS, isIdempotent, withRetries } from './retry.js';
import { type Answer, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, Transport } from './transport.js';
import type { Dispatcher } from './undici.js';
import { buildUrl, type QueryValue } from './url.js';

// Command code imports these from here.
export type { AuthMethod, Credentials } from './auth.js';
export type { ApiResponse, RawApiResponse } from './response.js';

export interface ClientOptions {
  /** API root, ending in /api/v1. */
  root: string;
  credentials: Credentials;
  userAgent: string;
  /** Per-request connect and overall timeout in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** The largest response body accepted, in bytes (default 50 MiB). */
  maxResponseBytes?: number;
  /** Accept any TLS certificate (a login added with --insecure). */
  insecure?: boolean;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read from. */
  env?: NodeJS.ProcessEnv;
  /** Receives one line per traced event; credentials are already redacted. */
  trace?: (line: string) => void;
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
}

/** What a list command may ask of pages() besides the window. */
export interface ListOptions {
  concurrency?: number;
  /** Extra request headers for every page (kettle api -H). */
  headers?: Record<string, string>;
  /** Records received so far, and the total when the server sent one. */
  onProgress?: (received: number, total: number | undefined) => void;
  /** The server's count changed while the list was read. */
  onChange?: (before: number, after: number) => void;
}

/** A record's id, so a record seen twice while a list shifts is passed on once. */
function recordId(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return undefined;
  const id = (item as { id?: unknown }).id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

export class ApiClient {
  readonly root: string;
  private readonly opts: ClientOptions;
  private readonly transport: Transport;
  /** What the last response said about the rate limit (pagination reads it to pace itself). */
  rateLimit: RateLimit = {};

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.root = opts.root;
    this.transport = new Transport({
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxResponseBytes: opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
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
  async requestRaw(method: string, path: string, opts: RequestOptions = {}): Promise<RawApiResponse> {
    const url = buildUrl(this.root, path, opts.query);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.opts.userAgent,
      ...opts.headers,
    };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    authorize(url, headers, opts.credentials ?? this.opts.credentials);
    const res = await withRetries(method, path, () => this.send({ method, url, headers, body, path }), {
      now: () => this.now(),
      sleep: this.opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: this.opts.random ?? Math.random,
      maxRateLimitWait: this.opts.maxRateLimitWait ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
      resetAt: () => this.rateLimit.resetAt,
      trace: this.opts.trace,
      onWait: this.opts.onWait,
    });
    return { ...res, url: url.toString() };
  }

  /**
   * Send one request. Resolves with the decoded response for 2xx; throws
   * ApiError for any other status and NetworkError when no answer came.
   */
  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const res = await this.requestRaw(method, path, opts);
    if (res.status >= 300 && res.status < 400) throw redirectError(method, path, res);
    const raw = { method, path, status: res.status, contentType: headerValue(res.headers, 'content-type'), text: res.text };
    if (res.status >= 500 && !isIdempotent(method)) {
      const err = errorFromResponse(raw);
      err.uncertainPath = path;
      throw err;
    }
    if (res.status >= 400) throw errorFromResponse(raw);
    return { status: res.status, headers: res.headers, data: decodeSuccess(raw) as T, url: res.url };
  }

  /**
   * A GET whose body is passed on as it arrives, in constant memory (pr diff):
   * resolves once a 2xx answer's headers are in, with the body unread; any
   * other status is read (capped) and thrown as ApiError. Not retried.
   */
  async stream(path: string, opts: Pick<RequestOptions, 'headers' | 'query'> = {}): Promise<StreamedResponse> {
    const url = buildUrl(this.root, path, opts.query);
    const headers: Record<string, string> = { accept: '*/*', 'user-agent': this.opts.userAgent, ...opts.headers };
    authorize(url, headers, this.opts.credentials);
    const res = await this.transport.open({ method: 'GET', url, headers, body: undefined, path });
    const resHeaders = res.headers as StreamedResponse['headers'];
    if (res.statusCode >= 200 && res.statusCode < 300) return { status: res.statusCode, headers: resHeaders, body: res.body };
    let text = '';
    for await (const chunk of res.body) {
      if (text.length < 64 * 1024) text += (chunk as Buffer).toString('utf8');
    }
    if (res.statusCode >= 300 && res.statusCode < 400) throw redirectError('GET', path, { status: res.statusCode, headers: resHeaders, text, url: url.toString() });
    throw errorFromResponse({ method: 'GET', path, status: res.statusCode, contentType: headerValue(resHeaders, 'content-type'), text });
  }

  /** One exchange, and what its answer says about the rate limit. */
  private async send(outgoing: Parameters<Transport['send']>[0]): Promise<Answer> {
    const res = await this.transport.send(outgoing);
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
  pages<T = unknown>(
    path: string,
    window: PageWindow,
    query: Record<string, QueryValue> = {},
    options: ListOptions = {},
  ): AsyncGenerator<T[]> {
    const fetchPage: FetchPage<T> = async (page, limit) => {
      const res = await this.request('GET', path, { query: { ...query, page, limit }, headers: options.headers });
      const items = expectList(res.data, 'GET', path, res.status) as T[];
      const link = headerValue(res.headers, 'link');
      const total = intHeader(res.headers, 'x-total-count');
      const perPage = intHeader(res.headers, 'x-perpage');
      return {
        items,
        ...(total !== undefined ? { total } : {}),
        ...(perPage !== undefined ? { perPage } : {}),
        ...(link !== undefined ? { hasNext: 'next' in parseLinkHeader(link) } : {}),
      };
    };
    return paginate(fetchPage, window, {
      concurrency: options.concurrency ?? this.opts.pageConcurrency ?? DEFAULT_CONCURRENCY,
      remaining: () => this.rateLimit.remaining,
      key: recordId,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.onChange ? { onChange: options.onChange } : {}),
    });
  }
}
