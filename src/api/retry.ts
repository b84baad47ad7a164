// When a request is sent again, and how long kettle waits first. Idempotent
// requests are tried again on 502/503/504, resets and timeouts; any request
// refused by a rate limit is sent again once the limit allows, if that is soon.
//
// The user's timeout bounds the whole of it: every try and every backoff of
// one request end within --timeout, so a server that never answers holds a
// command for the timeout, not for three of them (a try gets what is left,
// and a backoff that would end past it is not waited). A rate-limit wait is
// not waiting on the network but a wait the contract promises: it moves the
// end of the request's time by as long.
//
// A small loop rather than undici's RetryAgent: the decision depends on
// kettle's own rules (the overall timeout, the rate-limit
// contract, the response size cap, notes on stderr), and a failed POST must be
// reported as "outcome unknown" instead of being repeated, which needs to know
// whether the request was sent at all.
import { ApiError, NetworkError } from '../errors.js';
import { type HeaderMap, headerValue } from './headers.js';
import { TransportError } from './network-errors.js';
import { parseRetryAfter, rateLimitWait } from './ratelimit.js';
import { statusLabel } from './response.js';
import type { Answer } from './transport.js';

/** Tries of an idempotent request, the first included. */
export const MAX_TRIES = 3;
/** The first backoff; each further one doubles it. */
export const RETRY_BASE_MS = 250;
/** A Retry-After longer than this on a 502/503/504 is not waited for. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** The longest rate-limit wait accepted unless the client is told otherwise. */
export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** Rate-limit waits for one request: a server that keeps refusing is not waited on forever. */
export const MAX_RATE_LIMIT_WAITS = 3;
/** Added to a rate-limit wait, so the retry lands after the reset rather than on it. */
export const RATE_LIMIT_MARGIN_MS = 250;

/** Methods that can be repeated without changing the outcome (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRY_STATUSES = new Set([502, 503, 504]);

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method);
}

/** Exponential backoff with jitter: half to all of 250 ms, 500 ms, … for the try after `attempt`. */
export function backoffMs(attempt: number, random: () => number): number {
  return Math.round(RETRY_BASE_MS * 2 ** (attempt - 1) * (0.5 + random() / 2));
}

/**
 * Whether a failed request says the server is away for a while: 502, 503 or
 * 504 (a proxy in front of a server that is restarting), or no answer for a
 * transient reason (refused, reset, timed out). Not a 401, 403, 404 or 422:
 * those are answers, and waiting does not change them.
 */
export function serverAway(err: unknown): boolean {
  if (err instanceof ApiError) return RETRY_STATUSES.has(err.status);
  return err instanceof TransportError && err.away;
}

/** A refusal by the rate limit: 429, or a 403 that says no requests remain. */
export function isRateLimited(status: number, headers: HeaderMap): boolean {
  return status === 429 || (status === 403 && headerValue(headers, 'x-ratelimit-remaining') === '0');
}

/** What withRetries adds to an answer that came on a retry. */
export interface Retried {
  /**
   * What the try before got instead of an answer (`504 Gateway Timeout`, a
   * reset): the request may have been carried out already, so a 404 to a
   * repeated DELETE means the resource is gone.
   */
  lostAnswer?: string;
}

/** The clock, the waiting and the notes the loop uses; tests pass their own. */
export interface RetrySeams {
  now: () => number;
  /** A clock that only moves forward (ms), for the request's time. */
  clock: () => number;
  /** The request's time: all its tries and backoffs (Infinity: none). */
  budgetMs: number;
  /** The clock's time by which every request of the client must be over, if any (kettle status). */
  until?: number | undefined;
  sleep: (ms: number) => Promise<void>;
  /** Source of backoff jitter in [0, 1). */
  random: () => number;
  /** Longest rate-limit wait accepted before failing instead (ms). */
  maxRateLimitWait: number;
  /** When the limit resets as far as earlier answers said, for a refusal that does not say. */
  resetAt: () => number | undefined;
  trace?: ((line: string) => void) | undefined;
  onWait?: ((ms: number, reason: string) => void) | undefined;
}

/**
 * Send a request through `send` until it gets an answer worth returning.
 * Throws NetworkError when no answer came (with "outcome unknown" for a
 * non-idempotent request that may have been sent), and ApiError for a rate
 * limit too long to wait.
 */
export async function withRetries<A extends Pick<Answer, 'status' | 'headers'>>(method: string, path: string, send: (limitMs: number) => Promise<A>, seams: RetrySeams): Promise<A & Retried> {
  const idempotent = isIdempotent(method);
  let ends = seams.clock() + seams.budgetMs;
  /** What is left of the request's time. */
  const left = () => Math.min(ends, seams.until ?? Number.POSITIVE_INFINITY) - seams.clock();
  // Only waits of a second or more are worth a note.
  const pause = async (ms: number, reason: string) => {
    if (ms >= 1000) seams.onWait?.(ms, reason);
    await seams.sleep(ms);
  };
  let rateLimitWaits = 0;
  // What the last try got instead of an answer, when it was tried again.
  let lost: string | undefined;
  for (let attempt = 1; ; ) {
    let res: A;
    try {
      res = await send(left());
    } catch (err) {
      const wait = backoffMs(attempt, seams.random);
      if (err instanceof TransportError && idempotent && err.retryable && attempt < MAX_TRIES && wait < left()) {
        lost = err.message;
        seams.trace?.(`retrying ${method} ${path} in ${wait} ms (try ${attempt + 1} of ${MAX_TRIES})`);
        await pause(wait, 'the connection failed');
        attempt++;
        continue;
      }
      if (err instanceof TransportError && !idempotent && err.sent) {
        const uncertain = new NetworkError(err.message);
        uncertain.uncertainPath = path;
        throw uncertain;
      }
      throw err;
    }
    if (isRateLimited(res.status, res.headers)) {
      // A rate-limited request was refused, not processed: any method may be sent again.
      const wait = rateLimitWait((n) => headerValue(res.headers, n), seams.now());
      if (wait !== undefined && wait <= seams.maxRateLimitWait && rateLimitWaits < MAX_RATE_LIMIT_WAITS) {
        rateLimitWaits++;
        seams.onWait?.(wait, 'rate limit reached');
        await seams.sleep(wait + RATE_LIMIT_MARGIN_MS);
        ends += wait + RATE_LIMIT_MARGIN_MS;
        continue;
      }
      const resetAt = wait !== undefined ? seams.now() + wait : seams.resetAt();
      const when = resetAt !== undefined ? ` until ${new Date(resetAt).toISOString()}` : '';
      throw new ApiError({ message: `rate limit exceeded${when}; try again later`, method, path, status: res.status });
    }
    if (idempotent && RETRY_STATUSES.has(res.status) && attempt < MAX_TRIES) {
      const retryAfter = parseRetryAfter(headerValue(res.headers, 'retry-after'), seams.now());
      const wait = retryAfter ?? backoffMs(attempt, seams.random);
      // A wait that would end past the request's time is not begun: the answer is what the server said.
      if ((retryAfter === undefined || retryAfter <= MAX_RETRY_AFTER_MS) && wait < left()) {
        lost = statusLabel(res.status);
        seams.trace?.(`retrying ${method} ${path} after ${res.status} in ${wait} ms (try ${attempt + 1} of ${MAX_TRIES})`);
        await pause(wait, `the server answered ${statusLabel(res.status)}`);
        attempt++;
        continue;
      }
    }
    return lost !== undefined ? { ...res, lostAnswer: lost } : res;
  }
}
