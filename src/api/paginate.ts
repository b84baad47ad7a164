// Pagination over `page`/`limit`: which pages to ask for, and when a list ends.
// Pure: the network is behind the fetchPage function the caller passes in.

/** What one page of a list said about itself. */
export interface PageResult<T> {
  items: T[];
  /** X-Total-Count, when sent. */
  total?: number;
  /** X-PerPage: the page size the server actually used, when sent. */
  perPage?: number;
  /** undefined: no Link header; otherwise whether it has rel="next". */
  hasNext?: boolean;
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

/** The largest page kettle asks for; Gitea's default maximum. */
export const MAX_PAGE_SIZE = 50;
export const DEFAULT_LIMIT = 30;

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
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(params ?? '')?.[1];
    if (url === undefined || !rel) continue;
    for (const r of rel.trim().split(/\s+/)) links[r.toLowerCase()] = url;
  }
  return links;
}

/**
 * Fetch the records of a window, page after page, yielding each page's records
 * in order. Copes with servers that cap the page size below what was asked
 * (told by X-PerPage, or by a short page while X-Total-Count says more) and with
 * servers that send no pagination headers at all (a short page ends the list).
 */
export async function* paginate<T>(fetchPage: FetchPage<T>, window: PageWindow): AsyncGenerator<T[]> {
  const end = window.offset + window.count;
  let next = window.offset;
  let size = window.pageSize;
  // Each resize re-asks at most once; bound the loop against a server whose
  // page size keeps changing.
  let resizes = 0;
  while (next < end) {
    const page = Math.floor(next / size) + 1;
    const res = await fetchPage(page, size);
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
      if (++resizes > 3) throw new Error('the server keeps changing its page size');
      // The page we got does not hold the record we need next: ask again.
      if (start > next || start + items.length <= next) continue;
    }
    const from = Math.max(0, next - start);
    const take = items.slice(from, Math.max(from, end - start));
    if (take.length > 0) {
      next += take.length;
      yield take;
    }
    const reachedTotal = res.total !== undefined && start + items.length >= res.total;
    const shortPage = items.length < used;
    if (items.length === 0 || reachedTotal || shortPage || res.hasNext === false) return;
  }
}
