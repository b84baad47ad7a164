// The rate-limit headers every response carries, parsed once.
import { wholeNumber } from './headers.js';

export interface RateLimit {
  limit?: number;
  remaining?: number;
  /** When the window resets, as epoch milliseconds. */
  resetAt?: number;
}

type HeaderGetter = (name: string) => string | undefined;

/**
 * X-RateLimit-Reset's format is not fixed by the API: servers send epoch
 * seconds, epoch milliseconds, seconds from now, or an HTTP date.
 */
export function parseReset(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = wholeNumber(value);
  if (n !== undefined) {
    if (n > 1e12) return n; // epoch milliseconds
    if (n > 1e9) return n * 1000; // epoch seconds
    return now + n * 1000; // seconds from now
  }
  return httpDate(value);
}

/** An HTTP date ("Wed, 21 Oct 2026 07:28:00 GMT"); Date.parse alone accepts "-1" or "1.5". */
function httpDate(value: string): number | undefined {
  if (!/[a-zA-Z]{3}/.test(value) && !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date;
}

export function parseRateLimit(get: HeaderGetter, now: number): RateLimit {
  const rl: RateLimit = {};
  const limit = wholeNumber(get('x-ratelimit-limit'));
  const remaining = wholeNumber(get('x-ratelimit-remaining'));
  const resetAt = parseReset(get('x-ratelimit-reset'), now);
  if (limit !== undefined) rl.limit = limit;
  if (remaining !== undefined) rl.remaining = remaining;
  if (resetAt !== undefined) rl.resetAt = resetAt;
  return rl;
}

/** Retry-After: seconds or an HTTP date. Returns milliseconds to wait. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const n = wholeNumber(value);
  if (n !== undefined) return n * 1000;
  const date = httpDate(value);
  return date === undefined ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retrying a rate-limited request, from Retry-After or
 * the reset time; undefined when the server said neither.
 */
export function rateLimitWait(get: HeaderGetter, now: number): number | undefined {
  const retryAfter = parseRetryAfter(get('retry-after'), now);
  if (retryAfter !== undefined) return retryAfter;
  const resetAt = parseRateLimit(get, now).resetAt;
  return resetAt === undefined ? undefined : Math.max(0, resetAt - now);
}
