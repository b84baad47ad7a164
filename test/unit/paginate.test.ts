import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { allowedInFlight } from '../../src/api/in-flight.js';
import { DEFAULT_LIMIT, MAX_PAGE_SIZE, type FetchPage, type PageResult, type PageWindow, pageWindow, paginate, parseLinkHeader } from '../../src/api/paginate.js';
import { range } from '../support/harness.js';

describe('pageWindow', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_LIMIT).toBe(30);
    expect(MAX_PAGE_SIZE).toBe(50);
  });

  it.each<[Parameters<typeof pageWindow>[0], number | undefined, PageWindow]>([
    [{}, undefined, { count: 30, offset: 0, pageSize: 30 }],
    [{ limit: 1 }, undefined, { count: 1, offset: 0, pageSize: 1 }],
    [{ limit: 10 }, undefined, { count: 10, offset: 0, pageSize: 10 }],
    [{ limit: 50 }, undefined, { count: 50, offset: 0, pageSize: 50 }],
    [{ limit: 51 }, undefined, { count: 51, offset: 0, pageSize: 50 }],
    [{ limit: 200 }, undefined, { count: 200, offset: 0, pageSize: 50 }],
    [{ all: true }, undefined, { count: Infinity, offset: 0, pageSize: 50 }],
    [{ all: true, limit: 10 }, undefined, { count: Infinity, offset: 0, pageSize: 50 }],
    [{ all: false, limit: 10 }, undefined, { count: 10, offset: 0, pageSize: 10 }],
    [{ page: 1 }, undefined, { count: 30, offset: 0, pageSize: 30 }],
    [{ page: 2 }, undefined, { count: 30, offset: 30, pageSize: 30 }],
    [{ page: 3, limit: 10 }, undefined, { count: 10, offset: 20, pageSize: 10 }],
    [{ page: 1, limit: 50 }, undefined, { count: 50, offset: 0, pageSize: 50 }],
    [{ page: 2, limit: 80 }, undefined, { count: 80, offset: 80, pageSize: 50 }],
    [{ page: 4, limit: 120 }, undefined, { count: 120, offset: 360, pageSize: 50 }],
    [{ all: true }, 100, { count: Infinity, offset: 0, pageSize: 100 }],
    [{ limit: 70 }, 100, { count: 70, offset: 0, pageSize: 70 }],
    [{ limit: 70 }, 20, { count: 70, offset: 0, pageSize: 20 }],
  ])('%j (max %s) -> %j', (opts, max, expected) => {
    expect(max === undefined ? pageWindow(opts) : pageWindow(opts, max)).toEqual(expected);
  });
});

describe('parseLinkHeader', () => {
  const A = 'https://git.example.com/api/v1/repos/o/r/issues?limit=50&page=2';
  const B = 'https://git.example.com/api/v1/repos/o/r/issues?limit=50&page=4';
  const C = 'https://git.example.com/api/v1/repos/o/r/issues?limit=50&page=1';

  it.each<[string | undefined, Record<string, string>]>([
    [undefined, {}],
    ['', {}],
    ['nonsense', {}],
    ['<>', {}],
    // Gitea joins links with a bare comma
    [`<${A}>; rel="next",<${B}>; rel="last"`, { next: A, last: B }],
    [`<${A}>; rel="next", <${B}>; rel="last", <${C}>; rel="first", <${C}>; rel="prev"`, { next: A, last: B, first: C, prev: C }],
    [`<${C}>; rel="first",<${C}>; rel="prev"`, { first: C, prev: C }],
    // unquoted and oddly spaced
    [`<${A}>; rel=next`, { next: A }],
    [`<${A}>;rel=next,<${B}>;rel=last`, { next: A, last: B }],
    [`   <${A}>  ;   rel =  "next"  ,    <${B}> ; rel= last `, { next: A, last: B }],
    [`<${A}>; rel=next; title="Next page"`, { next: A }],
    [`<${A}>; title="x"; rel="next"`, { next: A }],
    // case-insensitive name and value; several relations in one value
    [`<${A}>; REL="Next"`, { next: A }],
    [`<${B}>; rel="last  next"`, { last: B, next: B }],
    // a comma inside a URL does not split the header
    ['<https://h.example/x?ids=1,2,3&page=2>; rel="next"', { next: 'https://h.example/x?ids=1,2,3&page=2' }],
    // entries without rel are ignored
    [`<${A}>; title="next"`, {}],
    [`<${A}>; title="next", <${B}>; rel="last"`, { last: B }],
  ])('%j', (header, expected) => {
    expect(parseLinkHeader(header)).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------
// paginate against an in-memory list of N records (1..N)

type Mode = 'full' | 'gitea' | 'total' | 'perpage' | 'link' | 'none';

interface ServerOptions {
  n: number;
  /** Which pagination headers the server sends. */
  mode: Mode;
  /** The server uses at most this page size whatever was asked. */
  cap?: number;
  /** The server uses this page size whatever was asked. */
  fixed?: number;
}

const MODE_HEADERS: Record<Mode, { total: boolean; perPage: boolean; link: boolean }> = {
  full: { total: true, perPage: true, link: true },
  gitea: { total: true, perPage: false, link: true },
  total: { total: true, perPage: false, link: false },
  perpage: { total: false, perPage: true, link: false },
  link: { total: false, perPage: false, link: true },
  none: { total: false, perPage: false, link: false },
};

function fakeServer(opts: ServerOptions) {
  const records = Array.from({ length: opts.n }, (_, i) => i + 1);
  const calls: Array<[number, number]> = [];
  const headers = MODE_HEADERS[opts.mode];
  const fetchPage: FetchPage<number> = async (page, limit) => {
    calls.push([page, limit]);
    const size = opts.fixed ?? Math.min(limit, opts.cap ?? Infinity);
    const start = (page - 1) * size;
    const res: PageResult<number> = { items: records.slice(start, start + size) };
    if (headers.total) res.total = opts.n;
    if (headers.perPage) res.perPage = size;
    if (headers.link) res.hasNext = start + size < opts.n;
    return res;
  };
  return { fetchPage, calls };
}

async function collect<T>(gen: AsyncGenerator<T[]>): Promise<T[][]> {
  const pages: T[][] = [];
  for await (const page of gen) pages.push(page);
  return pages;
}

interface Case {
  name: string;
  server: ServerOptions;
  opts: Parameters<typeof pageWindow>[0];
  records: number[];
  calls: Array<[number, number]>;
}

const ALL_MODES: Mode[] = ['full', 'gitea', 'total', 'perpage', 'link', 'none'];

const cases: Case[] = [
  // --all
  ...ALL_MODES.map(
    (mode): Case => ({
      name: `--all over 120 records, ${mode} headers`,
      server: { n: 120, mode },
      opts: { all: true },
      records: range(1, 120),
      calls: [
        [1, 50],
        [2, 50],
        [3, 50],
      ],
    }),
  ),
  // exact multiple of the page size: at most one request past the end
  ...(['full', 'gitea', 'total', 'link'] as Mode[]).map(
    (mode): Case => ({
      name: `--all over exactly 100 records, ${mode} headers: stops at the last page`,
      server: { n: 100, mode },
      opts: { all: true },
      records: range(1, 100),
      calls: [
        [1, 50],
        [2, 50],
      ],
    }),
  ),
  ...(['perpage', 'none'] as Mode[]).map(
    (mode): Case => ({
      name: `--all over exactly 100 records, ${mode} headers: one empty page past the end`,
      server: { n: 100, mode },
      opts: { all: true },
      records: range(1, 100),
      calls: [
        [1, 50],
        [2, 50],
        [3, 50],
      ],
    }),
  ),
  {
    name: 'Link without rel=next ends the list after a full page',
    server: { n: 50, mode: 'link' },
    opts: { all: true },
    records: range(1, 50),
    calls: [[1, 50]],
  },
  // empty lists
  ...ALL_MODES.map(
    (mode): Case => ({
      name: `--all over an empty list, ${mode} headers`,
      server: { n: 0, mode },
      opts: { all: true },
      records: [],
      calls: [[1, 50]],
    }),
  ),
  {
    name: '--limit over an empty list',
    server: { n: 0, mode: 'none' },
    opts: { limit: 10 },
    records: [],
    calls: [[1, 10]],
  },
  // --limit
  {
    name: 'default limit of 30',
    server: { n: 100, mode: 'gitea' },
    opts: {},
    records: range(1, 30),
    calls: [[1, 30]],
  },
  ...(['full', 'none'] as Mode[]).map(
    (mode): Case => ({
      name: `--limit 5 smaller than a page, ${mode} headers`,
      server: { n: 100, mode },
      opts: { limit: 5 },
      records: range(1, 5),
      calls: [[1, 5]],
    }),
  ),
  {
    name: '--limit 50: one page, nothing more',
    server: { n: 100, mode: 'none' },
    opts: { limit: 50 },
    records: range(1, 50),
    calls: [[1, 50]],
  },
  ...(['full', 'none'] as Mode[]).map(
    (mode): Case => ({
      name: `--limit 100 spanning two whole pages, ${mode} headers: no third page`,
      server: { n: 300, mode },
      opts: { limit: 100 },
      records: range(1, 100),
      calls: [
        [1, 50],
        [2, 50],
      ],
    }),
  ),
  ...(['full', 'none'] as Mode[]).map(
    (mode): Case => ({
      name: `--limit 120 spanning pages, ${mode} headers`,
      server: { n: 300, mode },
      opts: { limit: 120 },
      records: range(1, 120),
      calls: [
        [1, 50],
        [2, 50],
        [3, 50],
      ],
    }),
  ),
  ...(['full', 'none'] as Mode[]).map(
    (mode): Case => ({
      name: `--limit 120 beyond the 70 records there are, ${mode} headers`,
      server: { n: 70, mode },
      opts: { limit: 120 },
      records: range(1, 70),
      calls: [
        [1, 50],
        [2, 50],
      ],
    }),
  ),
  // --page
  {
    name: '--page 2 --limit 10',
    server: { n: 100, mode: 'none' },
    opts: { page: 2, limit: 10 },
    records: range(11, 20),
    calls: [[2, 10]],
  },
  {
    name: '--page 3 --limit 10 on a short last page',
    server: { n: 25, mode: 'none' },
    opts: { page: 3, limit: 10 },
    records: range(21, 25),
    calls: [[3, 10]],
  },
  {
    name: '--page past the end',
    server: { n: 25, mode: 'full' },
    opts: { page: 5, limit: 10 },
    records: [],
    calls: [[5, 10]],
  },
  ...(['full', 'none'] as Mode[]).map(
    (mode): Case => ({
      name: `--page 2 --limit 80 (limit above the page size), ${mode} headers`,
      server: { n: 300, mode },
      opts: { page: 2, limit: 80 },
      records: range(81, 160),
      calls: [
        [2, 50],
        [3, 50],
        [4, 50],
      ],
    }),
  ),
  {
    name: '--page 2 --limit 80 ending at the total',
    server: { n: 100, mode: 'full' },
    opts: { page: 2, limit: 80 },
    records: range(81, 100),
    calls: [[2, 50]],
  },
  {
    name: '--page 2 --limit 80 ending exactly at the end, no headers',
    server: { n: 100, mode: 'none' },
    opts: { page: 2, limit: 80 },
    records: range(81, 100),
    calls: [
      [2, 50],
      [3, 50],
    ],
  },
  // servers that cap the page size below what was asked
  ...(['full', 'gitea', 'total', 'perpage'] as Mode[]).map(
    (mode): Case => ({
      name: `capped at 30, --all over 100, ${mode} headers`,
      server: { n: 100, mode, cap: 30 },
      opts: { all: true },
      records: range(1, 100),
      calls: [
        [1, 50],
        [2, 30],
        [3, 30],
        [4, 30],
      ],
    }),
  ),
  ...(['full', 'gitea', 'total'] as Mode[]).map(
    (mode): Case => ({
      name: `capped at 30, --all over exactly 90, ${mode} headers`,
      server: { n: 90, mode, cap: 30 },
      opts: { all: true },
      records: range(1, 90),
      calls: [
        [1, 50],
        [2, 30],
        [3, 30],
      ],
    }),
  ),
  {
    name: 'capped at 30, --all over exactly 90, X-PerPage only: one empty page past the end',
    server: { n: 90, mode: 'perpage', cap: 30 },
    opts: { all: true },
    records: range(1, 90),
    calls: [
      [1, 50],
      [2, 30],
      [3, 30],
      [4, 30],
    ],
  },
  {
    name: 'capped at 30, list shorter than the cap',
    server: { n: 20, mode: 'total', cap: 30 },
    opts: { all: true },
    records: range(1, 20),
    calls: [[1, 50]],
  },
  ...(['full', 'total'] as Mode[]).map(
    (mode): Case => ({
      name: `capped at 30, --limit 45, ${mode} headers`,
      server: { n: 100, mode, cap: 30 },
      opts: { limit: 45 },
      records: range(1, 45),
      calls: [
        [1, 45],
        [2, 30],
      ],
    }),
  ),
  ...(['full', 'total'] as Mode[]).map(
    (mode): Case => ({
      name: `capped at 30, --page 2 --limit 50, ${mode} headers`,
      server: { n: 200, mode, cap: 30 },
      opts: { page: 2, limit: 50 },
      records: range(51, 100),
      calls: [
        [2, 50],
        [3, 30],
        [4, 30],
      ],
    }),
  ),
  ...(['full', 'total'] as Mode[]).map(
    (mode): Case => ({
      name: `capped at 30, --page 3 --limit 50 (first answer misses the window), ${mode} headers`,
      server: { n: 300, mode, cap: 30 },
      opts: { page: 3, limit: 50 },
      records: range(101, 150),
      calls: [
        [3, 50],
        [4, 30],
        [5, 30],
      ],
    }),
  ),
  {
    name: 'capped at 30 with no headers at all: the short page ends the list',
    server: { n: 100, mode: 'none', cap: 30 },
    opts: { all: true },
    records: range(1, 30),
    calls: [[1, 50]],
  },
  // a server that uses a larger page than asked, and says so
  {
    name: 'fixed page size 30 with X-PerPage, --limit 5',
    server: { n: 100, mode: 'full', fixed: 30 },
    opts: { limit: 5 },
    records: range(1, 5),
    calls: [[1, 5]],
  },
  {
    name: 'fixed page size 30 with X-PerPage, --page 2 --limit 5',
    server: { n: 100, mode: 'full', fixed: 30 },
    opts: { page: 2, limit: 5 },
    records: range(6, 10),
    calls: [
      [2, 5],
      [1, 30],
    ],
  },
];

describe('paginate', () => {
  it.each(cases)('$name', async ({ server, opts, records, calls }) => {
    const fake = fakeServer(server);
    const pages = await collect(paginate(fake.fetchPage, pageWindow(opts)));
    expect(pages.flat()).toEqual(records);
    for (const page of pages) expect(page.length).toBeGreaterThan(0);
    expect(fake.calls).toEqual(calls);
  });

  it('yields each page as it arrives, in order', async () => {
    const fake = fakeServer({ n: 120, mode: 'full' });
    const pages = await collect(paginate(fake.fetchPage, pageWindow({ all: true })));
    expect(pages).toEqual([range(1, 50), range(51, 100), range(101, 120)]);
  });

  it('fetches nothing more when the consumer stops early', async () => {
    const fake = fakeServer({ n: 300, mode: 'none' });
    for await (const page of paginate(fake.fetchPage, pageWindow({ all: true }))) {
      expect(page).toEqual(range(1, 50));
      break;
    }
    expect(fake.calls).toEqual([[1, 50]]);
  });

  it('follows Link rel="next" past a capped page when no total is sent', async () => {
    // The server capped the page at 30 and says there is a next page: the short
    // page is not the end of the list.
    const fake = fakeServer({ n: 100, mode: 'link', cap: 30 });
    const pages = await collect(paginate(fake.fetchPage, pageWindow({ all: true })));
    expect(pages.flat()).toEqual(range(1, 100));
    expect(fake.calls.length).toBeLessThanOrEqual(5);
  });

  it('gives up on a server whose page size keeps changing', async () => {
    const records = range(1, 1000);
    const fetchPage: FetchPage<number> = async (page, limit) => {
      const size = limit - 1;
      const start = (page - 1) * size;
      return { items: records.slice(start, start + size), perPage: size, total: records.length };
    };
    await expect(collect(paginate(fetchPage, pageWindow({ all: true })))).rejects.toThrow('the server keeps changing its page size');
  });

  it('passes errors from fetchPage through', async () => {
    const fetchPage: FetchPage<number> = async () => {
      throw new Error('boom');
    };
    await expect(collect(paginate(fetchPage, pageWindow({ limit: 5 })))).rejects.toThrow('boom');
  });
});

describe('allowedInFlight', () => {
  it.each<[number, number | undefined, number]>([
    [6, undefined, 6],
    [1, undefined, 1],
    [6, 5000, 6],
    [6, 24, 6],
    [6, 23, 5],
    [6, 12, 3],
    [6, 8, 2],
    [6, 7, 1],
    [6, 1, 1],
    [6, 0, 1],
    [0, undefined, 1],
  ])('concurrency %s with %s remaining -> %s', (concurrency, remaining, expected) => {
    expect(allowedInFlight(concurrency, remaining)).toBe(expected);
  });
});

// ---------------------------------------------------------------------------
// Concurrent pages: a fake server whose answers arrive out of order.

function asyncServer(opts: ServerOptions & { remaining?: number }) {
  const fake = fakeServer(opts);
  const asked: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let remaining = opts.remaining;
  const fetchPage: FetchPage<number> = async (page, limit) => {
    asked.push(page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Later pages often answer first.
    await new Promise((resolve) => setTimeout(resolve, (page * 7919) % 5));
    inFlight--;
    if (remaining !== undefined) remaining--;
    return fake.fetchPage(page, limit);
  };
  return { fetchPage, calls: fake.calls, asked, inFlight: () => inFlight, maxInFlight: () => maxInFlight, remaining: () => remaining };
}

describe('paginate with a known total', () => {
  it.each(['full', 'gitea', 'total'] as Mode[])('fetches the rest concurrently, in order, each page once (%s headers)', async (mode) => {
    const srv = asyncServer({ n: 2345, mode, cap: 7 });
    const pages = await collect(paginate(srv.fetchPage, pageWindow({ all: true }), { concurrency: 6 }));
    expect(pages.flat()).toEqual(range(1, 2345));
    expect(srv.calls.map(([p]) => p).sort((a, b) => a - b)).toEqual(range(1, Math.ceil(2345 / 7)));
    expect(srv.maxInFlight()).toBeGreaterThan(1);
    expect(srv.maxInFlight()).toBeLessThanOrEqual(6);
  });

  it.each(['link', 'none', 'perpage'] as Mode[])('follows pages one after another without a total (%s headers)', async (mode) => {
    const srv = asyncServer({ n: 520, mode });
    const pages = await collect(paginate(srv.fetchPage, pageWindow({ all: true }), { concurrency: 6 }));
    expect(pages.flat()).toEqual(range(1, 520));
    expect(srv.maxInFlight()).toBe(1);
  });

  it('concurrency 1 follows pages one after another', async () => {
    const srv = asyncServer({ n: 520, mode: 'full' });
    await collect(paginate(srv.fetchPage, pageWindow({ all: true }), { concurrency: 1 }));
    expect(srv.maxInFlight()).toBe(1);
  });

  it('stays within what the rate limit allows', async () => {
    // `remaining` drops as each answer arrives, as the client's view of the
    // X-RateLimit-Remaining header does.
    const srv = asyncServer({ n: 1000, mode: 'full', remaining: 22 });
    const launches: Array<[number, number]> = [];
    const fetchPage: FetchPage<number> = (page, limit) => {
      const p = srv.fetchPage(page, limit);
      launches.push([srv.inFlight(), srv.remaining() ?? 0]);
      return p;
    };
    const pages = await collect(paginate(fetchPage, pageWindow({ all: true }), { concurrency: 6, remaining: srv.remaining }));
    expect(pages.flat()).toEqual(range(1, 1000));
    for (const [inFlight, remaining] of launches) expect(inFlight).toBeLessThanOrEqual(Math.max(1, Math.floor(remaining / 4)));
    expect(Math.max(...launches.map(([n]) => n))).toBe(5);
    // The limit ran low before the end: the last launches went one at a time.
    expect(launches.filter(([, remaining]) => remaining < 8).length).toBeGreaterThan(0);
  });

  it('reports progress with the total', async () => {
    const srv = asyncServer({ n: 120, mode: 'full' });
    const seen: Array<[number, number | undefined]> = [];
    await collect(paginate(srv.fetchPage, pageWindow({ all: true }), { onProgress: (n, total) => seen.push([n, total]) }));
    expect(seen).toEqual([
      [50, 120],
      [100, 120],
      [120, 120],
    ]);
  });

  it('a failing page stops the listing at once and asks for nothing more', async () => {
    const records = range(1, 5000);
    const calls: number[] = [];
    const fetchPage: FetchPage<number> = async (page, limit) => {
      calls.push(page);
      await new Promise((resolve) => setTimeout(resolve, page === 3 ? 1 : 20));
      if (page === 3) throw new Error('page 3 failed');
      return { items: records.slice((page - 1) * limit, page * limit), total: records.length, perPage: limit };
    };
    await expect(collect(paginate(fetchPage, pageWindow({ all: true }), { concurrency: 4 }))).rejects.toThrow('page 3 failed');
    expect(Math.max(...calls)).toBeLessThanOrEqual(5);
  });

  it('asks for nothing more once the consumer stops', async () => {
    const srv = asyncServer({ n: 5000, mode: 'full' });
    for await (const page of paginate(srv.fetchPage, pageWindow({ all: true }), { concurrency: 3 })) {
      if (page[0] === 101) break;
    }
    const asked = srv.asked.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(srv.asked.length).toBe(asked);
    expect(asked).toBeLessThanOrEqual(3 + 2 * 3);
  });

  it("asks for the next pages before it passes the first page's records on (the first page's printer is cold)", async () => {
    const srv = asyncServer({ n: 5000, mode: 'full' });
    const gen = paginate(srv.fetchPage, pageWindow({ all: true }), { concurrency: 3 });
    const first = await gen.next();
    expect(first.value).toEqual(range(1, 50));
    // The consumer holds the first page and has asked for nothing more: pages 2 to 4 are on their way.
    expect(srv.asked).toEqual([1, 2, 3, 4]);
    await gen.return(undefined);
  });

  it('a consumer that stops at the first page leaves the pages asked for ahead to end, and asks for no more', async () => {
    const srv = asyncServer({ n: 5000, mode: 'full' });
    for await (const page of paginate(srv.fetchPage, pageWindow({ all: true }), { concurrency: 3 })) {
      expect(page).toEqual(range(1, 50));
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(srv.inFlight()).toBe(0);
    expect(srv.asked).toEqual([1, 2, 3, 4]);
  });

  it('keeps at most twice the concurrency of pages ahead of a slow consumer', async () => {
    const srv = asyncServer({ n: 5000, mode: 'full' });
    const gen = paginate(srv.fetchPage, pageWindow({ all: true }), { concurrency: 2 });
    await gen.next();
    await gen.next();
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Pages 1 and 2 consumed; at most four more asked for.
    expect(srv.asked.length).toBeLessThanOrEqual(2 + 4);
    await gen.return(undefined);
  });
});

describe('paginate over a list that changes while it is read', () => {
  /** Newest first, like the server: records are numbers, new ones larger. */
  function shiftingServer(n: number, change: (list: number[]) => void) {
    const list = range(1, n).reverse();
    let changed = false;
    const fetchPage: FetchPage<number> = async (page, limit) => {
      if (page > 1 && !changed) {
        changed = true;
        change(list);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { items: list.slice((page - 1) * limit, page * limit), total: list.length, perPage: limit };
    };
    return fetchPage;
  }

  it('records added at the front: each record once, and the ones pushed past the end followed', async () => {
    const changes: Array<[number, number]> = [];
    const fetchPage = shiftingServer(500, (list) => list.unshift(503, 502, 501));
    const pages = await collect(paginate(fetchPage, pageWindow({ all: true }), { key: (x) => x, onChange: (a, b) => changes.push([a, b]) }));
    expect(pages.flat()).toEqual(range(1, 500).reverse());
    expect(changes).toEqual([[500, 503]]);
  });

  it('records removed at the front: no record twice, no crash, the change reported', async () => {
    const changes: Array<[number, number]> = [];
    const fetchPage = shiftingServer(500, (list) => list.splice(0, 3));
    const out = (await collect(paginate(fetchPage, pageWindow({ all: true }), { key: (x) => x, onChange: (a, b) => changes.push([a, b]) }))).flat();
    expect(new Set(out).size).toBe(out.length);
    expect([...out].sort((a, b) => b - a)).toEqual(out);
    expect(out.length).toBeGreaterThanOrEqual(497);
    expect(changes).toEqual([[500, 497]]);
  });
});

describe('paginate holds only the pages in flight', () => {
  it('lets the records of pages already passed on be collected while the list goes on', async () => {
    // A collection on demand, as `node --expose-gc` gives, switched on here.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const total = 60 * 20;
    const refs: Array<WeakRef<object>> = [];
    const fetchPage: FetchPage<{ id: number; body: string }> = async (page, limit) => {
      await new Promise((r) => setTimeout(r, 1));
      const items = Array.from({ length: Math.min(limit, total - (page - 1) * limit) }, (_, i) => ({ id: (page - 1) * limit + i + 1, body: 'x'.repeat(100) }));
      refs[page] = new WeakRef(items[0] as object);
      return { items, total };
    };
    let pageNo = 0;
    let alive = -1;
    for await (const _page of paginate(fetchPage, { count: Infinity, offset: 0, pageSize: 20 }, { concurrency: 4 })) {
      if (++pageNo !== 50) continue;
      // Out of this job first: a WeakRef read in the current one stays alive.
      await new Promise((r) => setTimeout(r, 0));
      gc();
      // Pages 2 to 39 were fetched concurrently and passed on; only a few
      // pages around 50 are in flight. (Page 1, fetched alone to learn the
      // total, is one page and stays in scope until the list ends.)
      alive = refs.slice(2, 40).filter((r) => r.deref() !== undefined).length;
    }
    expect(pageNo).toBe(60);
    expect(alive).toBe(0);
  });
});
