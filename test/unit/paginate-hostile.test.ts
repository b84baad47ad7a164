// Pagination against servers that get it wrong: each must end the list in a
// bounded number of requests with one line naming what the server did, never
// loop. The well-behaved cases are in paginate.test.ts.
import { describe, expect, it } from 'vitest';
import { type FetchPage, type PageResult, pageWindow, paginate } from '../../src/api/paginate.js';
import { range } from '../support/harness.js';

interface Rec {
  id: number;
}

/** Drain a listing, counting requests; fails the test past `max` requests instead of hanging. */
async function drain<T>(fetchPage: FetchPage<T>, opts: { concurrency?: number; keyed?: boolean; max?: number } = {}) {
  let requests = 0;
  const max = opts.max ?? 50;
  const counted: FetchPage<T> = async (page, limit) => {
    if (++requests > max) throw new Error(`flood: more than ${max} requests`);
    return fetchPage(page, limit);
  };
  const out: T[] = [];
  let error: unknown;
  try {
    const key = opts.keyed === false ? undefined : (r: T) => (r as { id?: unknown }).id;
    for await (const page of paginate(counted, pageWindow({ all: true }), { concurrency: opts.concurrency ?? 8, ...(key ? { key } : {}) })) out.push(...page);
  } catch (err) {
    error = err;
  }
  return { out, error: error as Error | undefined, requests };
}

const records = (n: number): Rec[] => range(1, n).map((id) => ({ id }));

/** A server over `n` records whose answers a function may change. */
function server(n: number, change: (page: number, limit: number, honest: PageResult<Rec>) => PageResult<Rec>): FetchPage<Rec> {
  const all = records(n);
  return async (page, limit) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return change(page, limit, { items: all.slice((page - 1) * limit, page * limit), total: n, perPage: limit });
  };
}

describe('a server that ignores page', () => {
  it.each([
    { name: 'with a total, concurrent', concurrency: 8, headers: (r: PageResult<Rec>) => r },
    { name: 'with a total, one page at a time', concurrency: 1, headers: (r: PageResult<Rec>) => r },
    { name: 'without any header', concurrency: 8, headers: (r: PageResult<Rec>) => ({ items: r.items }) },
    { name: 'with Link rel=next on every page', concurrency: 8, headers: (r: PageResult<Rec>) => ({ items: r.items, hasNext: true }) },
  ])('$name: "sent page N again"', async ({ concurrency, headers }) => {
    const all = records(500);
    const { out, error, requests } = await drain<Rec>(async (_page, limit) => headers({ items: all.slice(0, limit), total: 500, perPage: limit }), { concurrency });
    expect(error?.message).toMatch(/^the server sent page \d+ again \(same records as page 1\); the list is incomplete$/);
    expect(requests).toBeLessThanOrEqual(2 * concurrency + 2);
    expect(out.length).toBeLessThanOrEqual(50);
  });

  it('records without an id: the same page content is caught too', async () => {
    const { error, requests } = await drain<{ name: string }>(async () => ({ items: range(1, 50).map((i) => ({ name: `b${i}` })) }), { keyed: false });
    expect(error?.message).toBe('the server sent page 2 again (same records as page 1); the list is incomplete');
    expect(requests).toBe(2);
  });
});

describe('a total that never arrives', () => {
  it.each([1, 8])('X-Total-Count 99999999999 with empty pages after the records (concurrency %i)', async (concurrency) => {
    const { error, requests } = await drain(
      server(120, (_p, _l, r) => ({ ...r, total: 99_999_999_999 })),
      { concurrency },
    );
    expect(error?.message).toBe('the server sent a short page 3 (20 of 50 records) although it announced 99999999999 records; the list is incomplete');
    expect(requests).toBeLessThanOrEqual(2 * concurrency + 4);
  });

  it('without X-PerPage (the short page may be a cap): ends at the first empty page', async () => {
    const { error, requests } = await drain(
      server(120, (_p, _l, r) => ({ items: r.items, total: 99_999_999_999 })),
      { concurrency: 1 },
    );
    expect(error?.message).toMatch(/^the server sent an empty page \d+ although it announced 99999999999 records; the list is incomplete$/);
    expect(requests).toBeLessThanOrEqual(8);
  });

  it('an empty page before the total is reached', async () => {
    const { error } = await drain(server(300, (page, _l, r) => (page === 3 ? { ...r, items: [] } : r)));
    expect(error?.message).toBe('the server sent an empty page 3 although it announced 300 records; the list is incomplete');
  });

  it('a list that shrank to nothing past this page still ends quietly', async () => {
    // The empty page says so itself: its total is what is left.
    const { out, error } = await drain(server(200, (page, _l, r) => (page >= 3 ? { items: [], total: 100, perPage: 50 } : r)));
    expect(error).toBeUndefined();
    expect(out.map((r) => r.id)).toEqual(range(1, 100));
  });
});

describe('a Link rel="next" that points back', () => {
  it.each([
    ['to the same page', (page: number) => page],
    ['to the first page', () => 1],
  ])('%s', async (_name, target) => {
    const { error, requests } = await drain(server(500, (page, _l, r) => ({ items: r.items, hasNext: true, nextPage: target(page) })));
    expect(error?.message).toMatch(/^the server's link to the next page points back to page \d+ from page \d+; the list is incomplete$/);
    expect(requests).toBeLessThanOrEqual(2);
  });

  it('on the page that ends the window, is not read: the link is not followed', async () => {
    const read: string[] = [];
    const all = records(500);
    // A first page of 50 with its total, whose link (pointing back) says where it was read.
    const fetchPage: FetchPage<Rec> = async (page, limit) =>
      Object.defineProperties(
        { items: all.slice((page - 1) * limit, page * limit), total: 500 },
        {
          hasNext: { get: () => read.push('hasNext') > 0, enumerable: true },
          nextPage: { get: () => read.push('nextPage') && page, enumerable: true },
        },
      );
    const out: Rec[] = [];
    for await (const page of paginate(fetchPage, pageWindow({ limit: 50 }), { concurrency: 8, key: (r) => r.id })) out.push(...page);
    expect(out.map((r) => r.id)).toEqual(range(1, 50));
    expect(read).toEqual([]);
    // A window that goes on past it reads it, and stops there.
    const { error } = await drain(fetchPage);
    expect(error?.message).toMatch(/points back to page 1 from page 1/);
    expect(read.length).toBeGreaterThan(0);
  });

  it('a link forward is followed to the end', async () => {
    const { out, error } = await drain(server(120, (page, _l, r) => ({ items: r.items, hasNext: page < 3, nextPage: page + 1 })));
    expect(error).toBeUndefined();
    expect(out).toHaveLength(120);
  });
});
