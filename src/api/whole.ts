// An answer read whole: undici's dispatch() with a handler of kettle's that
// keeps the body's pieces as they come (Transport.send, see whole()), what a
// reader of those pieces needs to join them, and the count of requests not
// yet written (Unwritten, for a list's warm-up).
import { type HeaderMap, intHeader } from './headers.js';
import { type Dispatcher, parseHeaders } from './undici.js';

/** An answer read whole (see whole()). */
export interface WholeAnswer {
  status: number;
  headers: HeaderMap;
  /** The body's pieces as they came, and their length in all. */
  pieces: Buffer[];
  size: number;
}

/** Pieces of a body as one buffer. */
export function joined(pieces: readonly Buffer[], size?: number): Buffer {
  return pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces, size);
}

/**
 * Send a request whose body, if any, is a string, and read its answer whole:
 * undici's dispatch() with a handler that keeps the body's chunks as they
 * come. request() would wrap the body in a stream, read here through an
 * async iterator, inside an async_hooks resource: a long list paid for those
 * on each of its pages. What request() does besides is done the same way
 * here: the time limit aborts the request (with AbortSignal.timeout's
 * reason, once the connection is there), 1xx answers are skipped, and the
 * headers are parsed as it parses them. The limit is a timer of its own, not
 * an AbortSignal.timeout: that one's timer is weakly held and its signal an
 * event target, which cost each page of a long list again. Refused once the
 * body is larger than maxBytes, and given up after a pause longer than
 * idleMs between its chunks (timing then says that bound, for the message).
 * `sent` is called once, when the request is on its connection and being
 * written (undici's onConnect), or when it ends without that.
 */
export function whole(
  dispatcher: Dispatcher,
  { method, url, headers, body }: { method: string; url: URL; headers: Record<string, string>; body: string | undefined },
  limitMs: number,
  limits: { maxBytes: number; idleMs: number | undefined; timing: { timeoutMs: number; gotHeaders: boolean }; tooLarge: (status: number) => Error; sent?: () => void },
): Promise<WholeAnswer> {
  return new Promise((resolve, reject) => {
    let abort: ((err: Error) => void) | undefined;
    let reason: Error | undefined;
    let settled = false;
    let status = 0;
    let answerHeaders: HeaderMap = {};
    const chunks: Buffer[] = [];
    let size = 0;
    let idleTimer: NodeJS.Timeout | undefined;
    let limitTimer: NodeJS.Timeout | undefined;
    let told = false;
    const tell = () => {
      if (told) return;
      told = true;
      limits.sent?.();
    };
    // Stop the request with err: at once if it is on a connection. One that
    // has none yet (queued, or a proxy's tunnel still being opened) fails now,
    // and is stopped when it gets one (onConnect): it was never sent.
    const stop = (err: Error) => {
      if (reason !== undefined || settled) return;
      reason = err;
      if (abort !== undefined) abort(err);
      else settle(err);
    };
    const settle = (err: unknown, answer?: WholeAnswer) => {
      if (settled) return;
      settled = true;
      tell();
      clearTimeout(idleTimer);
      clearTimeout(limitTimer);
      if (answer === undefined) reject(err);
      else resolve(answer);
    };
    if (limitMs > 0) {
      // Without a connection by then, it is the connection that timed out (a proxy's, when there is one: network-errors.ts).
      limitTimer = setTimeout(() => stop(abort === undefined ? Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }) : timedOut()), Math.ceil(limitMs));
      limitTimer.unref();
    } else {
      reason = timedOut();
    }
    const handler: Dispatcher.DispatchHandler = {
      onConnect(abortRequest: (err?: Error) => void) {
        if (reason !== undefined) {
          abortRequest(reason);
          return;
        }
        abort = abortRequest;
        // undici writes the request's head right after this returns.
        tell();
      },
      onHeaders(statusCode: number, rawHeaders: Buffer[]) {
        if (statusCode < 200) return true;
        status = statusCode;
        answerHeaders = parseHeaders(rawHeaders) as HeaderMap;
        limits.timing.gotHeaders = true;
        const declared = intHeader(answerHeaders, 'content-length');
        if (declared !== undefined && declared > limits.maxBytes) {
          stop(limits.tooLarge(status));
          return false;
        }
        const { idleMs } = limits;
        if (idleMs !== undefined) {
          idleTimer = setTimeout(() => {
            limits.timing.timeoutMs = idleMs;
            stop(Object.assign(new Error('Body Timeout Error'), { code: 'UND_ERR_BODY_TIMEOUT' }));
          }, idleMs);
          idleTimer.unref();
        }
        return true;
      },
      onData(chunk: Buffer) {
        idleTimer?.refresh();
        size += chunk.length;
        if (size > limits.maxBytes) {
          stop(limits.tooLarge(status));
          return false;
        }
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        settle(undefined, { status, headers: answerHeaders, pieces: chunks, size });
      },
      onError(err: Error) {
        settle(err);
      },
    };
    try {
      dispatcher.dispatch({ origin: url.origin, path: url.pathname + url.search, method: method as Dispatcher.HttpMethod, headers, body: body ?? null }, handler);
    } catch (err) {
      settle(err);
    }
  });
}

/**
 * Requests handed to undici and not yet on their connection (whole()'s
 * `sent` not yet called), and who waits until none is.
 */
export class Unwritten {
  private count = 0;
  private waiters: (() => void)[] = [];

  /** One more request; answers its `sent` for whole(), which whole() calls once. */
  add(): () => void {
    this.count++;
    return () => this.written();
  }

  /** Call `then` once none is waiting for its connection: at once when none is. */
  whenNone(then: () => void): void {
    if (this.count === 0) then();
    else this.waiters.push(then);
  }

  private written(): void {
    this.count--;
    if (this.count > 0 || this.waiters.length === 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    // Called back from undici's handler: a waiter's failure is not the request's.
    for (const then of waiters) {
      try {
        then();
      } catch {
        // Nothing to tell: a waiter only ever starts optional work.
      }
    }
  }
}

/** The reason a request's time ran out, as AbortSignal.timeout gives it. */
export function timedOut(): DOMException {
  return new DOMException('The operation was aborted due to timeout', 'TimeoutError');
}
