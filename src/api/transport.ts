// One HTTP exchange over undici, through the connection pool of pool.ts (or
// the proxy agent when a proxy is set): the overall timeout, the response size
// cap, and the --debug trace of what went out and what came back.
import { type Readable, Transform } from 'node:stream';
import { ApiError } from '../errors.js';
import { counted, roomWhileWaiting } from './collect.js';
import type { HeaderMap } from './headers.js';
import { intHeader } from './headers.js';
import { networkError } from './network-errors.js';
import { createPool, endPool } from './pool.js';
import { proxyFor } from './proxy.js';
import { redactHeader, redactRequestBody, redactUrl } from './redact.js';
import { statusText } from './status.js';
import type { Dispatcher } from './undici.js';
import { joined, timedOut, Unwritten, type WholeAnswer, whole } from './whole.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

export interface TransportOptions {
  timeoutMs: number;
  /**
   * Once an answer has begun, the longest pause between its pieces, when
   * shorter than timeoutMs (a migration waits long for its answer, which
   * must then keep coming as any other does).
   */
  idleTimeoutMs?: number;
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
  /** Keep a successful answer's body as bytes, undecoded (a page a printer passes through as text). */
  keepBytes?: boolean;
  /** A large answer is awaited (a list's first page): room is made for it meanwhile (collect.ts, roomWhileWaiting). */
  large?: boolean;
}

/** Whatever the server answered, whatever its status. */
export interface Answer {
  status: number;
  headers: HeaderMap;
  /** The body as text; empty when it is in `pieces` instead. */
  text: string;
  /**
   * A successful answer's body, undecoded, in the pieces it came in, when the
   * request asked to keep its bytes: a reader that needs them whole joins them
   * where it reads them (json-text.ts, into a buffer it keeps).
   */
  pieces?: readonly Buffer[];
}

/** An answer whose body, when it is a success, is handed over unread (see Transport.stream). */
export type StreamedAnswer =
  | { status: number; headers: HeaderMap; text: string; bytes: Buffer; body?: undefined }
  | {
      status: number;
      headers: HeaderMap;
      text?: undefined;
      body: AsyncIterable<Buffer> & { destroy(err?: Error): void; on(event: 'error', listener: (err: Error) => void): unknown };
      /** The error to report for a failure while the body is read (the connection closed, a timeout). */
      failed: (err: unknown) => Error;
    };

/** A request whose body is a stream (an asset upload) or absent (a download): see exchange(). */
export interface StreamOutgoing extends Omit<Outgoing, 'body'> {
  body?: Readable | undefined;
  signal?: AbortSignal | undefined;
}

/** An answer whose body has not been read yet. */
export interface StreamAnswer {
  status: number;
  headers: HeaderMap;
  body: Readable;
}

export class Transport {
  private readonly opts: TransportOptions;
  /** Made on the first request: the proxy agent is loaded only when a proxy is set. */
  private dispatcher?: Promise<Dispatcher>;
  private readonly ownsDispatcher: boolean;
  /** Requests given to undici by send() and not yet on their connection. */
  private readonly unwritten = new Unwritten();

  constructor(opts: TransportOptions) {
    this.opts = opts;
    this.ownsDispatcher = !opts.dispatcher;
    if (opts.dispatcher) this.dispatcher = Promise.resolve(opts.dispatcher);
  }

  async close(): Promise<void> {
    if (!this.ownsDispatcher || !this.dispatcher) return;
    // A dispatcher that could not be made (a bad proxy variable) was reported already.
    const dispatcher = await this.dispatcher.catch(() => undefined);
    if (dispatcher === undefined) return;
    await endPool(dispatcher, this.opts.timeoutMs);
  }

  /**
   * Send one request once. Throws NetworkError when no complete answer came.
   * `limitMs`: what is left of the request's time when it is not the whole
   * timeout (a try after others); a failure still names the timeout itself.
   */
  async send(outgoing: Outgoing, limitMs = this.opts.timeoutMs): Promise<Answer> {
    const { method, path } = outgoing;
    const started = this.opts.now();
    const timing = { timeoutMs: this.opts.timeoutMs, gotHeaders: false };
    this.traceRequest(outgoing);
    // Outside the try below: a dispatcher that cannot be made (a bad proxy
    // variable) is the user's setting to fix, not a request that failed.
    const dispatcher = await this.pool();
    const written = this.unwritten.add();
    let res: WholeAnswer;
    try {
      res = await whole(dispatcher, outgoing, limitMs, {
        // Once the request is being written, in the turn after: the main thread then has nothing else to do until the answer comes.
        sent:
          outgoing.large === true
            ? () => {
                written();
                setImmediate(roomWhileWaiting);
              }
            : written,
        maxBytes: this.opts.maxResponseBytes,
        idleMs: this.opts.idleTimeoutMs !== undefined && this.opts.idleTimeoutMs < this.opts.timeoutMs ? this.opts.idleTimeoutMs : undefined,
        timing,
        tooLarge: (status) => this.tooLarge(method, path, status),
      });
    } catch (err) {
      throw this.failed(err, outgoing, timing);
    }
    const { status, headers, pieces, size } = res;
    counted(size);
    const keep = outgoing.keepBytes === true && status >= 200 && status < 300;
    const text = keep ? '' : joined(pieces, size).toString('utf8');
    this.opts.trace?.(`< ${status} ${statusText(status)} ${method} ${path} (${this.opts.now() - started} ms, ${keep ? size : text.length} bytes)`);
    return keep ? { status, headers, text, pieces } : { status, headers, text };
  }

  /**
   * Call `then` once every request that send() has given to undici so far is
   * on its connection and written (or has ended without that): at once when
   * none is waiting for one.
   */
  afterSent(then: () => void): void {
    this.unwritten.whenNone(then);
  }

  /**
   * Send one request once and hand a successful answer's body over unread, as
   * a stream of bytes (kettle api, downloads), when `streamIf` says so: it is
   * neither decoded nor held, and no size cap applies. Any other answer is
   * read whole, as send() does, its bytes kept as they came.
   * The overall timeout covers the answer's headers; the body then only has to
   * keep coming (undici's idle timeout between chunks).
   */
  async stream(outgoing: Outgoing, streamIf: (status: number, headers: HeaderMap) => boolean, limitMs = this.opts.timeoutMs): Promise<StreamedAnswer> {
    const { method, path } = outgoing;
    const started = this.opts.now();
    const timing = { timeoutMs: this.opts.timeoutMs, gotHeaders: false };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timedOut()), Math.max(0, limitMs));
    let res: Dispatcher.ResponseData;
    try {
      res = await this.dispatch(outgoing, timing, controller.signal);
    } catch (err) {
      clearTimeout(timer);
      throw err;
    }
    const headers = res.headers as HeaderMap;
    // A streamed body only has to keep coming; one read whole here stays under
    // the overall timeout, as send()'s does (a drip must not hold `kettle api` forever).
    const streamed = res.statusCode >= 200 && res.statusCode < 300 && streamIf(res.statusCode, headers);
    if (streamed) clearTimeout(timer);
    if (streamed) {
      this.opts.trace?.(`< ${res.statusCode} ${statusText(res.statusCode)} ${method} ${path} (${this.opts.now() - started} ms, body streamed)`);
      const fail = (err: unknown) => this.failed(err, outgoing, timing);
      const body = idleBounded(res.body, this.opts.timeoutMs, fail);
      return { status: res.statusCode, headers, body, failed: fail };
    }
    let bytes: Buffer;
    try {
      bytes = await this.readBody(res, method, path);
    } catch (err) {
      throw this.failed(err, outgoing, timing);
    } finally {
      clearTimeout(timer);
    }
    this.opts.trace?.(`< ${res.statusCode} ${statusText(res.statusCode)} ${method} ${path} (${this.opts.now() - started} ms, ${bytes.length} bytes)`);
    return { status: res.statusCode, headers, text: bytes.toString('utf8'), bytes };
  }

  /** Trace the request and send it; the answer's headers have arrived when this resolves. */
  private async dispatch(
    { method, url, headers, body }: Pick<Outgoing, 'method' | 'url' | 'headers'> & { body?: string | Readable | undefined },
    timing: { timeoutMs: number; gotHeaders: boolean },
    signal: AbortSignal | undefined,
  ): Promise<Dispatcher.ResponseData> {
    this.traceRequest({ method, url, headers, body });
    // Outside the try below: a dispatcher that cannot be made (a bad proxy
    // variable) is the user's setting to fix, not a request that failed.
    const dispatcher = await this.pool();
    try {
      const res = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: method as Dispatcher.HttpMethod,
        headers,
        body: body ?? null,
        // The overall limit: undici's own timeouts are per phase, so a server
        // that trickles bytes could otherwise keep a request alive forever.
        ...(signal ? { signal } : {}),
      });
      timing.gotHeaders = true;
      return res;
    } catch (err) {
      throw this.failed(err, { method, url }, timing);
    }
  }

  /** The connection pool (or the proxy agent), made on the first request. */
  private pool(): Promise<Dispatcher> {
    this.dispatcher ??= createPool(this.opts.timeoutMs, this.opts.insecure, this.opts.env);
    return this.dispatcher;
  }

  /** The --debug trace of a request about to go out. */
  private traceRequest({ method, url, headers, body }: Pick<Outgoing, 'method' | 'url' | 'headers'> & { body?: string | Readable | undefined }): void {
    const { trace } = this.opts;
    if (!trace) return;
    trace(`> ${method} ${redactUrl(url)}`);
    for (const [name, value] of Object.entries(headers)) trace(`>   ${name}: ${redactHeader(name, value)}`);
    if (body !== undefined) trace(`>   body: ${typeof body === 'string' ? redactRequestBody(url.pathname, body) : '(streamed)'}`);
  }

  /** The refusal of an answer larger than the cap. */
  private tooLarge(method: string, path: string, status: number): ApiError {
    const max = this.opts.maxResponseBytes;
    return new ApiError({
      message: `the answer to ${method} ${path} is larger than ${formatBytes(max)} (HTTP ${status}); refusing it (KETTLE_MAX_RESPONSE_MB raises the limit)`,
      method,
      path,
      status,
    });
  }

  /** What a failure while sending or reading is reported as (and traced). */
  private failed(err: unknown, { method, url }: Pick<Outgoing, 'method' | 'url'>, timing: { timeoutMs: number; gotHeaders: boolean }): Error {
    this.opts.trace?.(`! ${method} ${redactUrl(url)}: ${(err as Error)?.message ?? err}`);
    // The proxy in the way, if any: its failures are worded after it (network-errors.ts).
    return networkError(err, method, url, timing, proxyFor(this.opts.env, url));
  }

  /**
   * The body's bytes, refusing a body larger than the cap before holding it
   * all in memory, and given up after a pause longer than idleTimeoutMs
   * (timing then says that bound, for the message).
   */
  private async readBody(res: Dispatcher.ResponseData, method: string, path: string): Promise<Buffer> {
    const max = this.opts.maxResponseBytes;
    const tooLarge = () => {
      // Destroying the body emits an abort error on it: it is this refusal, not news.
      res.body.on('error', () => undefined);
      res.body.destroy();
      return this.tooLarge(method, path, res.statusCode);
    };
    const declared = intHeader(res.headers as HeaderMap, 'content-length');
    if (declared !== undefined && declared > max) throw tooLarge();
    // An answer that may be long to begin (a migration) must keep coming once begun, as a stream's must.
    const idleMs = this.opts.idleTimeoutMs;
    const body = idleMs !== undefined && idleMs < this.opts.timeoutMs ? idleBounded(res.body, idleMs, (err) => err as Error) : res.body;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > max) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  // Streamed exchanges (release assets) ----------------------------------

  /**
   * Send one request whose body, if any, is a stream, and hand back the
   * answer with its body unread, as a stream: nothing is held in memory, so
   * there is no size cap and no overall timeout (a large file takes as long as
   * it takes; undici's per-phase timeouts still end one that stalls). Never
   * retried: a stream cannot be sent twice.
   */
  async exchange({ method, url, headers, body, path, signal }: StreamOutgoing): Promise<StreamAnswer> {
    const res = await this.dispatch({ method, url, headers, body }, { timeoutMs: this.opts.timeoutMs, gotHeaders: false }, signal);
    this.opts.trace?.(`< ${res.statusCode} ${statusText(res.statusCode)} ${method} ${path} (body streamed)`);
    // A failure partway through the body is traced and worded as any other.
    const fail = (e: unknown) => this.failed(e, { method, url }, { timeoutMs: this.opts.timeoutMs, gotHeaders: true });
    return { status: res.statusCode, headers: res.headers as HeaderMap, body: idleBounded(res.body, this.opts.timeoutMs, fail) };
  }
}

/**
 * A streamed body that fails with a timeout once the server has sent nothing
 * for `ms` while kettle was waiting for more. undici's bodyTimeout alone does
 * not do it: its timers are coarse (about a second), so a server dripping a
 * byte every 0.4 s outlived KETTLE_TIMEOUT=0.3 for as long as it liked, and one
 * dripping a little faster than every 1.4 s outlived a 1 s timeout. Silence
 * while the reader is the slow one (a paused pager) does not count.
 */
function idleBounded(body: Readable, ms: number, fail: (err: unknown) => Error): Readable {
  let timer: NodeJS.Timeout | undefined;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      timer?.refresh();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
  });
  const idle = () => {
    // Data waiting for the reader: kettle is the slow side, not the server.
    if (out.readableLength > 0 || out.writableLength > 0) {
      timer?.refresh();
      return;
    }
    body.destroy(Object.assign(new Error('Body Timeout Error'), { code: 'UND_ERR_BODY_TIMEOUT' }));
  };
  timer = setTimeout(idle, ms);
  timer.unref();
  body.once('error', (err) => {
    clearTimeout(timer);
    out.destroy(fail(err));
  });
  body.once('close', () => clearTimeout(timer));
  out.once('close', () => {
    clearTimeout(timer);
    if (!body.destroyed) body.destroy();
  });
  body.pipe(out);
  return out;
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MiB` : `${n} bytes`;
}
