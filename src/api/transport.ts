// One HTTP exchange over undici: the connection pool (or the proxy agent when a
// proxy is set), TLS settings, the overall timeout, the response size cap, and
// the --debug trace of what went out and what came back.
import { ApiError } from '../errors.js';
import type { HeaderMap } from './headers.js';
import { intHeader } from './headers.js';
import { networkError } from './network-errors.js';
import { proxySettings } from './proxy.js';
import { redactBody, redactHeader, redactUrl } from './redact.js';
import { statusText } from './status.js';
import { Agent, type Dispatcher, loadEnvHttpProxyAgent } from './undici.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

export interface TransportOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  insecure: boolean;
  /** Where the proxy variables are read from. */
  env: NodeJS.ProcessEnv;
  /** Used instead of a pool of kettle's own, which close() then leaves open. */
  dispatcher?: Dispatcher | undefined;
  trace?: ((line: string) => void) | undefined;
  now: () => number;
}

/** A request ready to go: credentials already in its URL or headers. */
export interface Outgoing {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  /** Path relative to the API root, for messages. */
  path: string;
}

/** Whatever the server answered, whatever its status. */
export interface Answer {
  status: number;
  headers: HeaderMap;
  text: string;
}

async function createDispatcher(timeout: number, insecure: boolean, env: NodeJS.ProcessEnv): Promise<Dispatcher> {
  const tls = insecure ? { rejectUnauthorized: false } : {};
  const options = {
    connect: { timeout, ...tls },
    headersTimeout: timeout,
    bodyTimeout: timeout,
    keepAliveTimeout: 10_000,
  };
  const proxy = proxySettings(env);
  // Only with a proxy is the proxy agent worth loading.
  if (proxy === undefined) return new Agent(options);
  const EnvHttpProxyAgent = await loadEnvHttpProxyAgent();
  return new EnvHttpProxyAgent({ ...options, ...(insecure ? { requestTls: tls } : {}), ...proxy });
}

export class Transport {
  private readonly opts: TransportOptions;
  /** Made on the first request: the proxy agent is loaded only when a proxy is set. */
  private dispatcher?: Promise<Dispatcher>;
  private readonly ownsDispatcher: boolean;

  constructor(opts: TransportOptions) {
    this.opts = opts;
    this.ownsDispatcher = !opts.dispatcher;
    if (opts.dispatcher) this.dispatcher = Promise.resolve(opts.dispatcher);
  }

  async close(): Promise<void> {
    if (!this.ownsDispatcher || !this.dispatcher) return;
    // A dispatcher that could not be made (a bad proxy variable) was reported already.
    const dispatcher = await this.dispatcher.catch(() => undefined);
    await dispatcher?.close().catch(() => undefined);
  }

  /** Send one request once. Throws NetworkError when no complete answer came. */
  async send({ method, url, headers, body, path }: Outgoing): Promise<Answer> {
    const { trace, now, timeoutMs } = this.opts;
    const started = now();
    if (trace) {
      trace(`> ${method} ${redactUrl(url)}`);
      for (const [name, value] of Object.entries(headers)) trace(`>   ${name}: ${redactHeader(name, value)}`);
      if (body !== undefined) trace(`>   body: ${redactBody(body)}`);
    }
    const timing = { timeoutMs, gotHeaders: false };
    let res: Dispatcher.ResponseData;
    let text: string;
    // Outside the try below: a dispatcher that cannot be made (a bad proxy
    // variable) is the user's setting to fix, not a request that failed.
    this.dispatcher ??= createDispatcher(timeoutMs, this.opts.insecure, this.opts.env);
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
        signal: AbortSignal.timeout(timeoutMs),
      });
      timing.gotHeaders = true;
      text = await this.readBody(res, method, path);
    } catch (err) {
      trace?.(`! ${method} ${redactUrl(url)}: ${(err as Error)?.message ?? err}`);
      throw networkError(err, method, url, timing);
    }
    trace?.(`< ${res.statusCode} ${statusText(res.statusCode)} ${method} ${path} (${now() - started} ms, ${text.length} bytes)`);
    return { status: res.statusCode, headers: res.headers as HeaderMap, text };
  }

  /**
   * Send one request and hand back the answer with its body unread, for bodies
   * passed on as they arrive (pr diff). No overall timeout: a large body may
   * take long; undici's per-phase timeouts still end a stalled one.
   */
  async open({ method, url, headers, path }: Outgoing): Promise<Dispatcher.ResponseData> {
    const { trace, timeoutMs } = this.opts;
    trace?.(`> ${method} ${redactUrl(url)} (streamed)`);
    this.dispatcher ??= createDispatcher(timeoutMs, this.opts.insecure, this.opts.env);
    const dispatcher = await this.dispatcher;
    try {
      const res = await dispatcher.request({ origin: url.origin, path: url.pathname + url.search, method: method as Dispatcher.HttpMethod, headers });
      trace?.(`< ${res.statusCode} ${statusText(res.statusCode)} ${method} ${path} (streaming)`);
      return res;
    } catch (err) {
      throw networkError(err, method, url, { timeoutMs, gotHeaders: false });
    }
  }

  /** The body as text, refusing one larger than the cap before holding it all in memory. */
  private async readBody(res: Dispatcher.ResponseData, method: string, path: string): Promise<string> {
    const max = this.opts.maxResponseBytes;
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
    const declared = intHeader(res.headers as HeaderMap, 'content-length');
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
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MiB` : `${n} bytes`;
}
