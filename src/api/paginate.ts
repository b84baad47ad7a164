// Pagination over `page`/`limit`: which pages to ask for, when a list ends, and
// how many pages may be in flight at once (the limiter of in-flight.ts). Pure: the network is behind the
// fetchPage function the caller passes in.
import { KettleError } from '../errors.js';
import { limiter } from './in-flight.js';

/** What one page of a list said about itself. */
export interface PageResult<T> {
  items: T[];
  /** X-Total-Count, when sent. */
  total?: number;
  /** X-PerPage: the page size the server actually used, when sent. */
  perPage?: number;
  /** undefined: no Link header; otherwise whether it has rel="next". */
  hasNext?: boolean;
  /** The page number Link rel="next" points to, when it names one. */
  nextPage?: number;
}

export type FetchPage<T> = (page: number, limit: number) => Promise<PageResult<T>>;

export interface PageWindow {
  /** Records wanted; Infinity for --all. */
  count: number;
  /** Position of the first record wanted (0-based). */
  offset: number;
  /** The page size to ask for. */
  pageSize: number;
}

export interface PaginateOptions<T> {
  /** Most pages in flight at once once the total is known; 1 follows pages one after another. */
  concurrency?: number;
  /**
   * Grow `concurrency` up to this many in flight while the list waits on the
   * network (see concurrentPages); undefined or at most `concurrency`: fixed.
   */
  maxConcurrency?: number;
  /** Requests the rate limit still allows, as last reported; undefined when the server sends no limit. */
  remaining?: () => number | undefined;
  /** A record's identity, to drop one seen twice when the list shifts while it is read. */
  key?: (item: T) => unknown;
  /**
   * The total the server sends counts more than its pages will hold: fewer
   * records is the end of the list, not a loss (see ListOptions.totalIsBound).
   */
  totalIsBound?: boolean;
  /** Records passed on so far, and the list's total when the server sent one. */
  onProgress?: (received: number, total: number | undefined) => void;
  /** The server's count of records changed while the list was read. */
  onChange?: (before: number, after: number) => void;
}

/** The largest page kettle asks for; Gitea's default maximum. */
export const MAX_PAGE_SIZE = 50;
export const DEFAULT_LIMIT = 30;
/**
 * Pages in flight at once by default: enough to hide latency, few enough to be
 * polite (and never more than a quarter of what the rate limit still allows).
 * 8 rather than 6: on a list of 100 pages at 30 ms a page, kettle's own
 * start-up and the first page (fetched alone to learn the total) leave 6 at
 * about 4.5 times faster than one page after another; 8 gives about 5.2.
 */
export const DEFAULT_CONCURRENCY = 8;
/**
 * The most pages in flight that a list grows to by default while it waits on
 * the network rather than on its own work: each page it waits for adds one.
 * Pages held ahead of the output stay bounded by twice DEFAULT_CONCURRENCY
 * (in flight and waiting their turn together), so memory does not grow with it.
 */
export const MAX_ADAPTIVE_CONCURRENCY = 16;
/** Bound on a list that keeps growing while it is read: pages beyond the first total. */
const MAX_EXTRA_PAGES = 100;

const CHANGING_SIZE = 'the server keeps changing its page size; try again later';

/**
 * The ways a server can get pagination wrong that would otherwise make a list
 * go on without end (or end silently short). Each ends the list with one line
 * naming what the server did: a list is printed complete or not at all.
 */
export function repeatedPage(page: number, earlier: number): KettleError {
  return new KettleError(`the server sent page ${page} again (same records as page ${earlier}); the list is incomplete`);
}

export function emptyPage(page: number, total: number): KettleError {
  return new KettleError(`the server sent an empty page ${page} although it announced ${total} records; the list is incomplete`);
}

export function shortPage(page: number, count: number, perPage: number, total: number): KettleError {
  return new KettleError(`the server sent a short page ${page} (${count} of ${perPage} records) although it announced ${total} records; the list is incomplete`);
}

export function linkBack(page: number, target: number): KettleError {
  return new KettleError(`the server's link to the next page points back to page ${target} from page ${page}; the list is incomplete`);
}

/**
 * Turn `--limit N`, `--all` and `--page N` into the window of records to fetch.
 * `--page N` means records (N-1)*limit .. N*limit-1.
 */
export function pageWindow(opts: { limit?: number; all?: boolean; page?: number }, maxPageSize = MAX_PAGE_SIZE): PageWindow {
  const limit = opts.limit ?? DEFAULT_LIMIT;
  if (opts.all && opts.page === undefined) return { count: Infinity, offset: 0, pageSize: maxPageSize };
  const offset = opts.page !== undefined ? (opts.page - 1) * limit : 0;
  return { count: limit, offset, pageSize: Math.max(1, Math.min(limit, maxPageSize)) };
}

/** Parse an RFC 8288 Link header into rel -> URL. */
export function parseLinkHeader(header: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!header) return links;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const [, url, params] = match;
    // `rel` in any case, without the i flag (text/schemes.ts says why).
    const rel = /;\s*[rR][eE][lL]\s*=\s*"?([^";]+)"?/.exec(params ?? '')?.[1];
    if (url === undefined || !rel) continue;
    for (const r of rel.trim().split(/\s+/)) links[r.toLowerCase()] = url;
  }
  return links;
}

/**
 * Fetch the records of a window, yielding each page's records in page order.
 *
 * The first page is fetched alone. When it tells the total (X-Total-Count) and
 * the page size the server used (X-PerPage, or a full page), the pages still
 * needed are known and fetched concurrently, at most `concurrency` in flight
 * and never more than the rate limit allows, still yielded in order. Without a
 * total, pages are followed one after another (Link rel="next", or until a
 * short page). Copes with servers that cap the page size below what was asked
 * and with servers that send no pagination headers at all.
 *
 * A list that changes while it is read (records added or deleted between two
 * page requests) shifts under the page numbers. What is guaranteed then: pages
 * come out in order, no record twice (by `key`), the listing ends, and records
 * pushed past the last page are followed. Records that moved across a page
 * boundary between two requests can be missed, as with any page-numbered API;
 * `onChange` is told so the caller can say so.
 */
export async function* paginate<T>(fetchPage: FetchPage<T>, window: PageWindow, options: PaginateOptions<T> = {}): AsyncGenerator<T[]> {
  const end = window.offset + window.count;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  /** Each record passed on, by key, and the page it came in. */
  const seen = new Map<unknown, number>();
  /** Pages of records without a key, by a digest of their content. */
  const digests = new Map<string, number>();
  let next = window.offset;
  let size = window.pageSize;
  let received = 0;
  let firstTotal: number | undefined;
  let latestTotal: number | undefined;
  let extraPages = 0;

  const noteTotal = (total: number | undefined) => {
    if (total === undefined) return;
    if (firstTotal === undefined) firstTotal = total;
    else if (total !== latestTotal && total !== firstTotal) options.onChange?.(firstTotal, total);
    latestTotal = total;
  };
  /**
   * Stop a server that misbehaves: a page that brings no record not seen
   * before (it ignores `page`), an empty page before the total it announced,
   * a Link rel="next" that points back. Without these checks such a server
   * is asked for pages without end.
   */
  const check = (page: number, res: PageResult<T>, start: number): void => {
    const items = res.items;
    // Only a link that would be followed: one on the window's last page is never read (list-page.ts).
    if (start + items.length < end && res.nextPage !== undefined && res.nextPage <= page) throw linkBack(page, res.nextPage);
    // A total that is only a bound promises no record: fewer is the end.
    const total = options.totalIsBound ? undefined : res.total;
    if (items.length === 0) {
      if (total !== undefined && start < total) throw emptyPage(page, total);
      return;
    }
    // A short page is the end; the server said what a page holds, so it is no cap.
    if (res.perPage !== undefined && items.length < res.perPage && total !== undefined && start + items.length < total) {
      throw shortPage(page, items.length, res.perPage, total);
    }
    const key = options.key;
    const keys = key ? items.map(key) : [];
    if (key && keys.every((k) => k !== undefined)) {
      const earlier = seen.get(keys[0]);
      if (earlier !== undefined && keys.every((k) => seen.has(k))) throw repeatedPage(page, earlier);
      return;
    }
    // Records without a key: a page whose content is the same as an earlier page's.
    // node:crypto loads only here: it costs about 4 ms of start-up on Node 20,
    // and most lists have keys (and most commands are not lists).
    const { createHash } = process.getBuiltinModule('node:crypto');
    const digest = createHash('sha1').update(JSON.stringify(items)).digest('base64');
    const earlier = digests.get(digest);
    if (earlier !== undefined && earlier !== page) throw repeatedPage(page, earlier);
    digests.set(digest, page);
  };
  /** The records of a page not passed on before, counted for progress. */
  const fresh = (items: T[], page: number): T[] => {
    const key = options.key;
    const out = key
      ? items.filter((item) => {
          const k = key(item);
          if (k === undefined) return true;
          if (seen.has(k)) return false;
          seen.set(k, page);
          return true;
        })
      : items;
    received += out.length;
    options.onProgress?.(received, latestTotal);
    return out;
  };

  // Each resize re-asks at most once; bound the loop against a server whose
  // page size keeps changing.
  let resizes = 0;
  while (next < end) {
    const page = Math.floor(next / size) + 1;
    if (firstTotal !== undefined && (page - 1) * size >= firstTotal && ++extraPages > MAX_EXTRA_PAGES) return;
    const res = await fetchPage(page, size);
    noteTotal(res.total);
    const items = res.items;
    // A short page is the end of the list, unless the server says there is
    // more (a total beyond it, or a Link rel="next"): then it capped the page size.
    const moreAfter = (res.total !== undefined && (page - 1) * size + items.length < res.total) || res.hasNext === true;
    let used = size;
    if (res.perPage !== undefined && res.perPage > 0) used = res.perPage;
    else if (moreAfter && items.length > 0 && items.length < size) used = items.length;
    const start = (page - 1) * used;
    if (used !== size) {
      size = used;
      if (++resizes > 3) throw new KettleError(CHANGING_SIZE);
      // The page we got does not hold the record we need next: ask again.
      if (start > next || start + items.length <= next) continue;
    }
    check(page, res, start);
    const from = Math.max(0, next - start);
    const take = items.slice(from, Math.max(from, end - start));
    const out = take.length > 0 ? fresh(take, page) : [];
    next += take.length;
    const reachedTotal = res.total !== undefined && start + items.length >= res.total;
    const shortPage = items.length < used;
    // The link last: a page that ends the window need not read it.
    const done = items.length === 0 || reachedTotal || shortPage || next >= end || res.hasNext === false;
    // The total and the page size are known: the pages still needed are too,
    // and their requests go out before this page's records are passed on
    // (the first page, cold, takes its printer several milliseconds).
    const last = done || res.total === undefined || concurrency <= 1 ? undefined : Math.ceil(Math.min(end, res.total) / size);
    const ahead = last !== undefined && last > page + 1 ? concurrentPages(page + 1, last) : undefined;
    let passedOn = false;
    try {
      if (out.length > 0) yield out;
      passedOn = true;
    } finally {
      // The consumer stopped here: ask for nothing more.
      if (!passedOn) ahead?.stop();
    }
    if (done) return;
    if (ahead === undefined) continue;
    const lastRes = yield* ahead.pages;
    // Go on one page at a time while the server says the list grew past us.
    if (lastRes === undefined || next >= end || latestTotal === undefined || next >= latestTotal) return;
  }

  /**
   * Pages first..last of `size` records, up to `concurrency` in flight and at
   * most twice that ahead of the consumer (memory stays bounded when the
   * output is slower than the network). The first requests go out at once;
   * `pages` yields the records in page order and returns the last page's
   * result. A failure anywhere stops new requests and is thrown at once.
   * `stop` asks for nothing more (the consumer left before `pages` began).
   */
  function concurrentPages(first: number, last: number): { pages: AsyncGenerator<T[], PageResult<T> | undefined>; stop: () => void } {
    const pending = new Map<number, Promise<PageResult<T>>>();
    /** Pages whose request has settled, not yet passed on. */
    const arrived = new Set<number>();
    const ceiling = Math.max(concurrency, Math.floor(options.maxConcurrency ?? concurrency));
    let current = concurrency;
    const slots = limiter(
      () => current,
      () => options.remaining?.(),
    );
    let launched = first;
    let stopped = false;
    // A failed page, and how to tell the consumer while it waits on another.
    // Not a shared never-settling promise raced against each page: every race
    // leaves a reaction on it that keeps that page's records alive to the end.
    let failure: { err: unknown } | undefined;
    let interrupt: ((err: unknown) => void) | undefined;
    const fail = (err: unknown) => {
      failure ??= { err };
      interrupt?.(failure.err);
    };
    const fill = () => {
      while (!stopped && launched <= last && slots.hasRoom() && launched < nextPage + 2 * concurrency) {
        const p = launched++;
        slots.start();
        const promise = fetchPage(p, size);
        pending.set(p, promise);
        promise.then(
          () => {
            arrived.add(p);
            slots.done();
            fill();
          },
          (err: unknown) => {
            slots.done();
            stopped = true;
            fail(err);
          },
        );
      }
    };
    let nextPage = first;
    fill();
    const pages = async function* (): AsyncGenerator<T[], PageResult<T> | undefined> {
      let res: PageResult<T> | undefined;
      try {
        for (; nextPage <= last; nextPage++) {
          // The next page has not arrived: the list waits on the network, not
          // on its own work, so one more page in flight shortens the wait.
          if (!arrived.has(nextPage) && launched > nextPage && current < ceiling) current++;
          arrived.delete(nextPage);
          fill();
          const promise = pending.get(nextPage) as Promise<PageResult<T>>;
          pending.delete(nextPage);
          res = await new Promise<PageResult<T>>((resolve, reject) => {
            if (failure) return reject(failure.err);
            interrupt = reject;
            promise.then(resolve, reject);
          });
          interrupt = undefined;
          noteTotal(res.total);
          if (res.perPage !== undefined && res.perPage > 0 && res.perPage !== size) {
            throw new KettleError(CHANGING_SIZE);
          }
          const start = (nextPage - 1) * size;
          check(nextPage, res, start);
          // The list shrank while it was read: this page is past its end.
          if (res.items.length === 0) break;
          const from = Math.max(0, next - start);
          const take = res.items.slice(from, Math.max(from, end - start));
          next = Math.max(next, start + from + take.length);
          const out = fresh(take, nextPage);
          if (out.length > 0) yield out;
        }
      } finally {
        // The consumer stopped early or a page failed: ask for nothing more.
        stopped = true;
      }
      return res;
    };
    return {
      pages: pages(),
      stop: () => {
        stopped = true;
      },
    };
  }
}
