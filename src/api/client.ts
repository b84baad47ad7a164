// The one request function every command uses: API root, auth, User-Agent, JSON
// in and out, typed errors, rate limits, and the shared pagination iterator.
import { ApiError, KettleError, NetworkError, UsageError } from '../errors.js';
import { unknownOutcome } from './outcome.js';
import { DEFAULT_CONCURRENCY, type FetchPage, paginate, type PageWindow, parseLinkHeader } from './paginate.js';
import { parseRateLimit, parseRetryAfter, type RateLimit, rateLimitWait } from './ratelimit.js';
import { decodeSuccess, errorFromResponse, expectList, statusLabel } from './response.js';
import { statusText } from './status.js';
import { Agent, type Dispatcher, loadEnvHttpProxyAgent } from './undici.js';
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

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** Tries of an idempotent request, the first included. */
export const MAX_TRIES = 3;
const RETRY_BASE_MS = 250;
/** A Retry-After longer than this on a 502/503/504 is not waited for. */
const MAX_RETRY_AFTER_MS = 60_000;
/** Methods that can be repeated without changing the outcome (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_STATUSES = new Set([502, 503, 504]);

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
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed (trust it with NODE_EXTRA_CA_CERTS, or add the login with --insecure)',
  SELF_SIGNED_CERT_IN_CHAIN: 'the server certificate chain is self-signed (trust its CA with NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate could not be verified (trust its CA with NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the server certificate could not be verified (trust its CA with NODE_EXTRA_CA_CERTS)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the server certificate does not match the host name',
};

/** Failures that happen before the request can have reached the server. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Transient failures worth another try of an idempotent request. */
const RETRYABLE = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_ABORTED',
]);

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

/** No (complete) answer came. Carries what retries and outcome messages need. */
export class TransportError extends NetworkError {
  /** The request may have reached the server. */
  readonly sent: boolean;
  readonly retryable: boolean;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.sent = code === undefined || !NOT_SENT.has(code);
    this.retryable = code !== undefined && RETRYABLE.has(code);
  }
}

function seconds(ms: number): string {
  return `${Math.round((ms / 1000) * 10) / 10} s`;
}

export function networkError(err: unknown, method: string, url: URL, timing?: { timeoutMs: number; gotHeaders: boolean }): KettleError {
  if (err instanceof KettleError) return err;
  const code = errorCode(err);
  let what = code ? NETWORK_CODES[code] : err instanceof Error ? err.message : String(err);
  const timedOut = code === 'UND_ERR_ABORTED' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
  if (timing && timedOut) {
    what = timing.gotHeaders
      ? `the server stopped sending the response (nothing more within ${seconds(timing.timeoutMs)})`
      : `the server did not answer within ${seconds(timing.timeoutMs)}`;
    what += '; allow more time with --timeout SECONDS or KETTLE_TIMEOUT';
  } else if (timing && code === 'UND_ERR_CONNECT_TIMEOUT') {
    what = `could not connect within ${seconds(timing.timeoutMs)}`;
  }
  return new TransportError(`${method} ${url.host}${url.pathname}: ${what}`, code);
}

/** Header names whose values are credentials, whatever the request. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-.*(token|secret|key|password).*)$/i;
/** JSON keys whose values are credentials: passwords, tokens, hook secrets. */
const SECRET_KEY = /^(password|passwd|secret|token|sha1|access_token|refresh_token|client_secret|private_key)$|_(secret|password|token)$/i;

/** A request body for a trace: JSON with every credential replaced, or only its size. */
export function redactBody(body: string, max = 2000): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `(${Buffer.byteLength(body)} bytes, not JSON)`;
  }
  const text = JSON.stringify(parsed, (key, value: unknown) => (key !== '' && SECRET_KEY.test(key) && value !== null ? 'REDACTED' : value));
  return text.length > max ? `${text.slice(0, max)}… (${Buffer.byteLength(body)} bytes)` : text;
}

/**
 * A proxy variable's value (the lower-case name first, as curl reads them), as
 * a URL undici can use. "host:port" without a scheme means http://, as it does
 * for curl. Anything else that is not an http, https or socks5 URL is a usage
 * error naming the variable, with any credential in it hidden.
 */
export function proxyUrl(env: NodeJS.ProcessEnv, upper: 'HTTP_PROXY' | 'HTTPS_PROXY'): string | undefined {
  const name = env[upper.toLowerCase()] ? upper.toLowerCase() : upper;
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:', 'socks5:', 'socks:'].includes(url.protocol) || url.hostname === '') {
    // Everything up to the last @ may be a user name and password.
    const shown = raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^@]*@/i, '$1REDACTED@');
    throw new UsageError(`${name} is not a proxy URL kettle can use: "${shown}" (expected http://host:port, https:// or socks5://)`);
  }
  return url.href;
}

async function createDispatcher(timeout: number, insecure: boolean, env: NodeJS.ProcessEnv): Promise<Dispatcher> {
  const tls = insecure ? { rejectUnauthorized: false } : {};
  const options = {
    connect: { timeout, ...tls },
    headersTimeout: timeout,
    bodyTimeout: timeout,
    keepAliveTimeout: 10_000,
  };
  const httpProxy = proxyUrl(env, 'HTTP_PROXY');
  const httpsProxy = proxyUrl(env, 'HTTPS_PROXY');
  // Only with a proxy is the proxy agent worth loading.
  if (httpProxy === undefined && httpsProxy === undefined) return new Agent(options);
  const EnvHttpProxyAgent = await loadEnvHttpProxyAgent();
  // Every value given, '' for none: the agent then reads nothing from
  // process.env itself, and https without HTTPS_PROXY goes through HTTP_PROXY.
  return new EnvHttpProxyAgent({
    ...options,
    ...(insecure ? { requestTls: tls } : {}),
    httpProxy: httpProxy ?? '',
    httpsProxy: httpsProxy ?? '',
    noProxy: env.no_proxy || env.NO_PROXY || '',
  });
}

/**
 * A redirect is never followed: the credentials would travel to wherever the
 * server points. The user is told where it pointed (without any credential).
 */
export function redirectError(method: string, path: string, res: RawApiResponse): ApiError {
  const location = headerValue(res.headers, 'location');
  let target = 'another address';
  if (location) {
    try {
      target = redactUrl(new URL(location, res.url));
    } catch {
      target = 'an invalid address';
    }
  }
  return new ApiError({
    message: `the server redirected ${method} ${path} to ${target}; use that server URL instead`,
    method,
    path,
    status: res.status,
  });
}

export class ApiClient {
  readonly root: string;
  private readonly opts: ClientOptions;
  /** Made on the first request: the proxy agent is loaded only when a proxy is set. */
  private dispatcher?: Promise<Dispatcher>;
  private readonly ownsDispatcher: boolean;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  /** What the last response said about the rate limit (pagination reads it to pace itself). */
  rateLimit: RateLimit = {};

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.root = opts.root;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.ownsDispatcher = !opts.dispatcher;
    if (opts.dispatcher) this.dispatcher = Promise.resolve(opts.dispatcher);
  }

  private now(): number {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  private sleep(ms: number): Promise<void> {
    return this.opts.sleep ? this.opts.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
  }

  async close(): Promise<void> {
    if (!this.ownsDispatcher || !this.dispatcher) return;
    // A dispatcher that could not be made (a bad proxy variable) was reported already.
    const dispatcher = await this.dispatcher.catch(() => undefined);
    await dispatcher?.close().catch(() => undefined);
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

  /** Exponential backoff with jitter (half to all of 250 ms, 500 ms, …), or what the server asked for. */
  private backoffMs(attempt: number, retryAfter: number | undefined): number {
    if (retryAfter !== undefined) return retryAfter;
    const random = this.opts.random ?? Math.random;
    return Math.round(RETRY_BASE_MS * 2 ** (attempt - 1) * (0.5 + random() / 2));
  }

  private async pause(ms: number, reason: string): Promise<void> {
    if (ms >= 1000) this.opts.onWait?.(ms, reason);
    await this.sleep(ms);
  }

  /**
   * Send one request and return whatever the server answered, whatever its
   * status. Idempotent requests are tried again on 502/503/504, resets and
   * timeouts; short rate limits are waited out. Throws NetworkError when no
   * answer came, and ApiError for a rate limit too long to wait or an answer
   * too large to take.
   *
   * A small loop rather than undici's RetryAgent: the retry decision depends on
   * kettle's own rules (the overall per-attempt timeout, the rate-limit
   * contract, the response size cap, notes on stderr), and a failed POST must
   * be reported as "outcome unknown" instead of being repeated, which needs
   * to know whether the request was sent at all.
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
    const idempotent = IDEMPOTENT.has(method);

    let rateLimitWaits = 0;
    for (let attempt = 1; ; ) {
      let res: Awaited<ReturnType<ApiClient['send']>>;
      try {
        res = await this.send(method, url, headers, body, path);
      } catch (err) {
        if (err instanceof TransportError && idempotent && err.retryable && attempt < MAX_TRIES) {
          const wait = this.backoffMs(attempt, undefined);
          this.opts.trace?.(`retrying ${method} ${path} in ${wait} ms (try ${attempt + 1} of ${MAX_TRIES})`);
          await this.pause(wait, 'the connection failed');
          attempt++;
          continue;
        }
        if (err instanceof TransportError && !idempotent && err.sent) {
          throw new NetworkError(`${err.message}; ${unknownOutcome(path)}`);
        }
        throw err;
      }
      const limited = res.status === 429 || (res.status === 403 && headerValue(res.headers, 'x-ratelimit-remaining') === '0');
      if (limited) {
        // A rate-limited request was refused, not processed: any method may be sent again.
        const wait = rateLimitWait((n) => headerValue(res.headers, n), this.now());
        const maxWait = this.opts.maxRateLimitWait ?? 60_000;
        if (wait !== undefined && wait <= maxWait && rateLimitWaits < 3) {
          rateLimitWaits++;
          this.opts.onWait?.(wait, 'rate limit reached');
          await this.sleep(wait + 250);
          continue;
        }
        const resetAt = wait !== undefined ? this.now() + wait : this.rateLimit.resetAt;
        const when = resetAt !== undefined ? ` until ${new Date(resetAt).toISOString()}` : '';
        throw new ApiError({ message: `rate limit exceeded${when}; try again later`, method, path, status: res.status });
      }
      if (idempotent && RETRY_STATUSES.has(res.status) && attempt < MAX_TRIES) {
        const retryAfter = parseRetryAfter(headerValue(res.headers, 'retry-after'), this.now());
        if (retryAfter === undefined || retryAfter <= MAX_RETRY_AFTER_MS) {
          const wait = this.backoffMs(attempt, retryAfter);
          this.opts.trace?.(`retrying ${method} ${path} after ${res.status} in ${wait} ms (try ${attempt + 1} of ${MAX_TRIES})`);
          await this.pause(wait, `the server answered ${statusLabel(res.status)}`);
          attempt++;
          continue;
        }
      }
      return { ...res, url: url.toString() };
    }
  }

  /**
   * Send one request. Resolves with the decoded response for 2xx; throws
   * ApiError for any other status and NetworkError when no answer came.
   */
  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const res = await this.requestRaw(method, path, opts);
    if (res.status >= 300 && res.status < 400) throw redirectError(method, path, res);
    const raw = { method, path, status: res.status, contentType: headerValue(res.headers, 'content-type'), text: res.text };
    if (res.status >= 500 && !IDEMPOTENT.has(method)) {
      const err = errorFromResponse(raw);
      throw err.withMessage(`${err.message}; ${unknownOutcome(path)}`);
    }
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
        trace(`>   ${name}: ${SECRET_HEADER.test(name) ? value.replace(/^(\S+ )?.*$/, '$1REDACTED') : value}`);
      }
      if (body !== undefined) trace(`>   body: ${redactBody(body)}`);
    }
    const timing = { timeoutMs: this.timeoutMs, gotHeaders: false };
    let res: Dispatcher.ResponseData;
    let text: string;
    // Outside the try below: a dispatcher that cannot be made (a bad proxy
    // variable) is the user's setting to fix, not a request that failed.
    this.dispatcher ??= createDispatcher(this.timeoutMs, this.opts.insecure === true, this.opts.env ?? {});
    const dispatcher = await this.dispatcher;
    try {
      res = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: method as Dispatcher.HttpMethod,
        headers,
        body: body ?? null,
        // The overall limit: undici's own timeouts are per phase, so a server
        // that trickles bytes could otherwise keep a request alive forever.
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      timing.gotHeaders = true;
      text = await this.readBody(res, method, path);
    } catch (err) {
      trace?.(`! ${method} ${redactUrl(url)}: ${(err as Error)?.message ?? err}`);
      throw networkError(err, method, url, timing);
    }
    const resHeaders = res.headers as Record<string, string | string[] | undefined>;
    this.rateLimit = { ...this.rateLimit, ...parseRateLimit((n) => headerValue(resHeaders, n), this.now()) };
    trace?.(`< ${res.statusCode} ${statusText(res.statusCode)} ${method} ${path} (${this.now() - started} ms, ${text.length} bytes)`);
    return { status: res.statusCode, headers: resHeaders, text };
  }

  /** The body as text, refusing one larger than the cap before holding it all in memory. */
  private async readBody(res: Dispatcher.ResponseData, method: string, path: string): Promise<string> {
    const max = this.maxResponseBytes;
    const tooLarge = () => {
      // Destroying the body emits an abort error on it: it is this refusal, not news.
      res.body.on('error', () => undefined);
      res.body.destroy();
      return new ApiError({
        message: `the answer to ${method} ${path} is larger than ${formatBytes(max)} (HTTP ${res.statusCode}); refusing it (KETTLE_MAX_RESPONSE_MB raises the limit)`,
        method,
        path,
        status: res.statusCode,
      });
    };
    const declared = intHeader(res.headers as Record<string, string | string[] | undefined>, 'content-length');
    if (declared !== undefined && declared > max) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > max) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
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

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MiB` : `${n} bytes`;
}
