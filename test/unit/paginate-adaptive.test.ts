// Pages in flight grow from `concurrency` towards `maxConcurrency` while the
// list waits on the network, and do not while the list's own consumer is the
// slower side; the pages held ahead of the output stay bounded either way.
import { describe, expect, it } from 'vitest';
import { type FetchPage, paginate } from '../../src/api/paginate.js';
import { range } from '../support/harness.js';

const TOTAL = 2000;
const PAGE = 10;

/** A server of TOTAL numbers in pages of PAGE, each answer after `latency` ms; counts what is in flight. */
function slowServer(latency: number) {
  let inFlight = 0;
  let maxInFlight = 0;
  let launched = 0;
  const fetchPage: FetchPage<number> = async (page, limit) => {
    launched = Math.max(launched, page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, latency));
    inFlight--;
    const first = (page - 1) * limit + 1;
    return { items: range(first, Math.min(TOTAL, first + limit - 1)), total: TOTAL, perPage: limit };
  };
  return { fetchPage, maxInFlight: () => maxInFlight, launched: () => launched };
}

const window = { count: Infinity, offset: 0, pageSize: PAGE };

describe('adaptive concurrency', () => {
  it.each([
    [4, 8, 8],
    [4, 4, 4],
    [4, undefined, 4],
    [6, 3, 6],
  ])('from %s towards %s: at most %s in flight while the list waits on the network', async (concurrency, maxConcurrency, most) => {
    const srv = slowServer(5);
    const out: number[] = [];
    for await (const page of paginate(srv.fetchPage, window, { concurrency, ...(maxConcurrency !== undefined ? { maxConcurrency } : {}) })) out.push(...page);
    expect(out).toEqual(range(1, TOTAL));
    expect(srv.maxInFlight()).toBe(most);
  });

  it('does not grow while the consumer is the slower side', async () => {
    const srv = slowServer(0);
    for await (const _ of paginate(srv.fetchPage, window, { concurrency: 2, maxConcurrency: 8 })) {
      // Each page takes longer to use than to fetch: the next one is always there.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    expect(srv.maxInFlight()).toBe(2);
  });

  it('never holds more than twice `concurrency` pages ahead of the consumer, however far it grew', async () => {
    const srv = slowServer(1);
    let consumed = 0;
    let mostAhead = 0;
    for await (const page of paginate(srv.fetchPage, window, { concurrency: 4, maxConcurrency: 16 })) {
      consumed += page.length / PAGE;
      mostAhead = Math.max(mostAhead, srv.launched() - consumed);
      await new Promise((resolve) => setTimeout(resolve, consumed % 10 === 0 ? 20 : 0));
    }
    expect(mostAhead).toBeLessThanOrEqual(8);
  });

  it('stays within what the rate limit allows while it grows', async () => {
    const srv = slowServer(5);
    for await (const _ of paginate(srv.fetchPage, window, { concurrency: 4, maxConcurrency: 16, remaining: () => 24 })) {
      // consume
    }
    expect(srv.maxInFlight()).toBe(6);
  });
});
