// How many requests may be in flight at once: the one limiter that a list's
// pages, several numbers in one command and a few records fetched together all
// go through, and the rate-limit-aware ceiling it holds them to. No I/O here.

/** Share of the remaining rate limit one batch of requests may have in flight at once. */
const REMAINING_SHARE = 4;

/** Requests for several records in flight at once: enough to hide latency, few enough to be polite. */
export const FEW_AT_ONCE = 4;

/**
 * Requests allowed in flight: the configured concurrency, lowered to a quarter
 * of what the rate limit still allows (other clients share the limit), never
 * below one: a single request that hits the limit is waited out by the client.
 */
export function allowedInFlight(concurrency: number, remaining: number | undefined): number {
  const base = Math.max(1, Math.floor(concurrency));
  if (remaining === undefined) return base;
  return Math.max(1, Math.min(base, Math.floor(remaining / REMAINING_SHARE)));
}

/**
 * A count of requests in flight held under allowedInFlight(most(), remaining()),
 * both read afresh at each start: a ceiling that grows or falls as the work
 * goes (a list's pages grow it, a rate limit running low lowers it).
 */
export interface Limiter {
  /** Whether one more may start now. */
  hasRoom(): boolean;
  /** One started (the caller saw hasRoom()); each start is paired with one done(). */
  start(): void;
  /** One settled: the longest waiting run() gets its turn. */
  done(): void;
  /** Run `task` once there is room, in the order asked; its answer or failure as its own. */
  run<R>(task: () => Promise<R>): Promise<R>;
}

export function limiter(most: () => number, remaining: () => number | undefined = () => undefined): Limiter {
  let running = 0;
  const waiting: Array<() => void> = [];
  const hasRoom = () => running < allowedInFlight(most(), remaining());
  const start = () => {
    running++;
  };
  const done = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    hasRoom,
    start,
    done,
    async run<R>(task: () => Promise<R>): Promise<R> {
      while (!hasRoom()) await new Promise<void>((resolve) => waiting.push(resolve));
      start();
      try {
        return await task();
      } finally {
        done();
      }
    },
  };
}

/** Run `act` on each item, FEW_AT_ONCE at a time, answers in the items' order. */
export function fewAtOnce<T, R>(items: readonly T[], act: (item: T) => Promise<R>): Promise<R[]> {
  const slots = limiter(() => FEW_AT_ONCE);
  return Promise.all(items.map((item) => slots.run(() => act(item))));
}
