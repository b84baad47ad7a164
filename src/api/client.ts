// The one request function every command uses: API root, auth, User-Agent, JSON
// in and out, typed errors, rate limits, and the shared pagination iterator.
import { STATUS_CODES } from 'node:http';
import { Agent, type Dispatcher } from 'undici';
import { ApiError, KettleError, NetworkError } from '../errors.js';
import { DEFAULT_CONCURRENCY, type FetchPage, paginate, type PageWindow, parseLinkHeader } from './paginate.js';
import { parseRateLimit, type RateLimit, rateLimitWait } from './ratelimit.js';
import { decodeSuccess, errorFromResponse, expectList } from './response.js';
import { buildUrl, type QueryValue, redactUrl } from './url.js';

export type AuthMethod = 'header' | 'query' | 'basic';

export type Credentials =
  | { method: 'header' | 'query'; token: string }
  | { method: 'basic'; user: string; password: string }
  | { method: 'none' };

export interface ClientOptions {
  /** API root, ending in /api/v1. */
  root: string;
  credentials: Credentials;
  userAgent: string;
  /** Per-request overall timeout in milliseconds. */
  timeoutMs?: number;
  /** Receives one line per traced event; credentials are already redacted. */
  trace?: (line: string) => void;
  /** Called with a note before kettle waits out a short rate limit. */
  onWait?: (ms: number, reason: string) => void;
  /** Longest rate-limit wait kettle accepts before failing instead (ms). */
  maxRateLimitWait?: number;
  dispatcher?: Dispatcher;
  /** Pages of a list in flight at once (KETTLE_CONCURRENCY); 1 follows them one after another. */
  pageConcurrency?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
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

export interface RawApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  url: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
  url: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function intHeader(headers: Record<string, string | string[] | undefined>, name: string): number | undefined {
  const v = headerValue(headers, name);
  return v !== undefined && /^\s*\d+\s*$/.test(v) ? Number(v) : undefined;
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'the server did not answer in time',
  UND_ERR_BODY_TIMEOUT: 'the server stopped sending the response',
  UND_ERR_SOCKET: 'the connection closed before the response was complete',
  UND_ERR_CLOSED: 'the connection was closed',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the response was cut short',
  UND_ERR_REQ_CONTENT_LENGTH_MISMATCH: 'the request body was cut short',
  UND_ERR_ABORTED: 'the request timed out',
  CERT_HAS_EXPIRED: 'the server certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the server certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the server certificate does not match the host name',
};

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in NETWORK_CODES) return code;
    if ((e as { name?: unknown }).name === 'TimeoutError' || (e as { name?: unknown }).name === 'AbortError') return 'UND_ERR_ABORTED';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function networkError(err: unknown, method: string, url: URL): KettleError {
  if (err instanceof KettleError) return err;
  const code = errorCode(err);
  const what = code ? NETWORK_CODES[code] : err instanceof Error ? err.message : String(err);
  return new NetworkError(`${method} ${url.host}${url.pathname}: ${what}`);
}

export class ApiClient {
  readonly root: string;
  private readonly opts: ClientOptions;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  /** What the last response said about the rate limit. */
  rateLimit: RateLimit = {};

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.root = opts.root;
    const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.ownsDispatcher = !opts.dispatcher;
    this.dispatcher =
      opts.dispatcher ??
      new Agent({
        connect: { timeout },
        headersTimeout: timeout,
        bodyTimeout: timeout,
        keepAliveTimeout: 10_000,
      });
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  private sleep(ms: number): Promise<void> {
    return this.opts.sleep ? this.opts.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close().catch(() => undefined);
  }

  private authorize(url: URL, headers: Record<string, string>, creds: Credentials): void {
    switch (creds.method) {
      case 'header':
        headers.authorization = `token ${creds.token}`;
        break;
      case 'query':
        url.searchParams.set('token', creds.token);
        break;
      case 'basic':
        headers.authorization = `Basic ${Buffer.from(`${creds.user}:${creds.password}`).toString('base64')}`;
        break;
      case 'none':
        break;
    }
  }

  /**
   * Send one request and return whatever the server answered, whatever its
   * status; only waits out short rate limits. Throws NetworkError when no
   * answer came, and ApiError for a rate limit too long to wait.
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
    this.authorize(url, headers, opts.credentials ?? this.opts.credentials);

    // A bounded number of rate-limit waits; each is announced on stderr.
    for (let attempt = 0; ; attempt++) {
      const res = await this.send(method, url, headers, body, path);
      const limited = res.status === 429 || (res.status === 403 && headerValue(res.headers, 'x-ratelimit-remaining') === '0');
      if (!limited) return { ...res, url: url.toString() };
      const wait = rateLimitWait((n) => headerValue(res.headers, n), this.now());
      const maxWait = this.opts.maxRateLimitWait ?? 60_000;
      if (wait !== undefined && wait <= maxWait && attempt < 3) {
        this.opts.onWait?.(wait, 'rate limit reached');
        await this.sleep(wait + 250);
        continue;
      }
      const resetAt = wait !== undefined ? this.now() + wait : this.rateLimit.resetAt;
      const when = resetAt !== undefined ? ` until ${new Date(resetAt).toISOString()}` : '';
      throw new ApiError({ message: `rate limit exceeded${when}; try again later`, method, path, status: res.status });
    }
  }

  /**
   * Send one request. Resolves with the decoded response for 2xx; throws
   * ApiError for any other status and NetworkError when no answer came.
   */
  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const res = await this.requestRaw(method, path, opts);
    if (res.status >= 300 && res.status < 400) {
      const location = headerValue(res.headers, 'location');
      throw new ApiError({
        message: `the server redirected ${method} ${path} to ${location ? redactUrl(new URL(location, res.url)) : 'another address'}; use that server URL instead`,
        method,
        path,
        status: res.status,
      });
    }
    const raw = { method, path, status: res.status, contentType: headerValue(res.headers, 'content-type'), text: res.text };
    if (res.status >= 400) throw errorFromResponse(raw);
    return { status: res.status, headers: res.headers, data: decodeSuccess(raw) as T, url: res.url };
  }

  private async send(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
    path: string,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
    const trace = this.opts.trace;
    const started = this.now();
    if (trace) {
      trace(`> ${method} ${redactUrl(url)}`);
      for (const [name, value] of Object.entries(headers)) {
        trace(`>   ${name}: ${name === 'authorization' ? value.replace(/ .*/, ' REDACTED') : value}`);
      }
    }
    const timeout = this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let res: Dispatcher.ResponseData;
    let text: string;
    try {
      res = await this.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: method as Dispatcher.HttpMethod,
        headers,
        body: body ?? null,
        signal: AbortSignal.timeout(timeout),
      });
      text = await res.body.text();
    } catch (err) {
      trace?.(`! ${method} ${redactUrl(url)}: ${(err as Error)?.message ?? err}`);
      throw networkError(err, method, url);
    }
    const resHeaders = res.headers as Record<string, string | string[] | undefined>;
    this.rateLimit = { ...this.rateLimit, ...parseRateLimit((n) => headerValue(resHeaders, n), this.now()) };
    trace?.(`< ${res.statusCode} ${STATUS_CODES[res.statusCode] ?? ''} ${method} ${path} (${this.now() - started} ms, ${text.length} bytes)`);
    return { status: res.statusCode, headers: resHeaders, text };
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
      const res = await this.request('GET', path, { query: { ...query, page, limit } });
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

  /** Collect a window of a list into one array. */
  async list<T = unknown>(path: string, window: PageWindow, query: Record<string, QueryValue> = {}): Promise<T[]> {
    const all: T[] = [];
    for await (const page of this.pages<T>(path, window, query)) all.push(...page);
    return all;
  }
}
