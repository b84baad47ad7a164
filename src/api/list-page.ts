// One page of a list, from the server's answer to what the pagination needs:
// its records (passed through as bytes, or decoded and checked), and what its
// headers say of the rest (the total, the page size, the next page's link).
import { isUtf8 } from 'node:buffer';
import { ApiError } from '../errors.js';
import { headerValue, intHeader } from './headers.js';
import { parseLinkHeader, type PageResult } from './paginate.js';
import { type ApiResponse, expectFields, expectList, type RawApiResponse, type Shape } from './response.js';
import type { Retried } from './retry.js';
import { joined } from './whole.js';

/** What a list command may ask of pages() besides the window. */
export interface ListOptions {
  concurrency?: number;
  /** Extra request headers for every page (kettle api -H). */
  headers?: Record<string, string>;
  /** Records received so far, and the total when the server sent one. */
  onProgress?: (received: number, total: number | undefined) => void;
  /** The server's count changed while the list was read. */
  onChange?: (before: number, after: number) => void;
  /** Takes the page's list out of the answer, where the server wraps it (the search envelopes). */
  unwrap?: (data: unknown, path: string, status: number) => unknown;
  /**
   * The records of a page straight from its bytes, in the pieces they came
   * in (a printer that passes them through as text), or undefined to decode
   * and check the page as usual. The page's records are then what it
   * answers, each with the record's `id`. Not used with `unwrap`.
   */
  pageBytes?: (pieces: readonly Buffer[]) => readonly { id: unknown }[] | undefined;
  /**
   * The server's total is an upper bound, not a count: the issue search
   * counts its indexer's hits, including issues of repositories since
   * deleted or not visible to the user, and its pages leave those out (a real
   * Gitea 1.27.0 announced 3 and sent none). Fewer records ends the list.
   */
  totalIsBound?: boolean;
  /** The fields of each record kettle reads, with their kinds: a page with a field of another kind fails (expectFields). */
  shape?: Shape;
}

/** The `page` a link points to, when it names one. */
function pageOf(link: string, base: string): number | undefined {
  try {
    const value = new URL(link, base).searchParams.get('page');
    return value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
  } catch {
    return undefined;
  }
}

/** A record's id, so a record seen twice while a list shifts is passed on once. */
export function recordId(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return undefined;
  const id = (item as { id?: unknown }).id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

/**
 * A page's answer read: its records, checked, and where the list goes on.
 * `parsed`: the page is read the long way although the printer passes
 * records through (a list's first page, see ApiClient.pages); a page the
 * pass-through would have taken (UTF-8, an array of objects) is then not
 * checked against the shape either: the records print as sent, as theirs do.
 */
export function readPage<T>(
  answer: RawApiResponse & Retried,
  path: string,
  page: number,
  options: ListOptions,
  decode: (raw: RawApiResponse & Retried) => ApiResponse<unknown>,
  parsed = false,
): PageResult<T> {
  const { pieces } = answer;
  const quick = options.unwrap || parsed ? undefined : options.pageBytes;
  const records = pieces !== undefined ? quick?.(pieces) : undefined;
  // The bytes whole, for the long way.
  const bytes = records === undefined && pieces !== undefined ? joined(pieces) : undefined;
  let res: Pick<ApiResponse<unknown>, 'status' | 'headers' | 'url'>;
  let items: T[];
  if (records !== undefined) {
    res = answer;
    items = records as unknown as T[];
  } else {
    const decoded = decode(bytes !== undefined ? { ...answer, text: bytes.toString('utf8'), pieces: undefined } : answer);
    res = decoded;
    items = expectList(options.unwrap ? options.unwrap(decoded.data, path, decoded.status) : decoded.data, 'GET', path, decoded.status) as T[];
  }
  // Printers and the pagination read fields of each record: a null is the server's fault, said so.
  if (items.includes(null as T)) {
    throw new ApiError({ message: `the server sent a list with a null element (GET ${path}, page ${page})`, method: 'GET', path, status: res.status });
  }
  const { shape } = options;
  const asSent = parsed && bytes !== undefined && isUtf8(bytes) && items.every((item) => typeof item === 'object' && !Array.isArray(item));
  if (shape && records === undefined && !asSent) {
    for (const item of items) if (typeof item === 'object') expectFields(item as Record<string, unknown>, shape, 'GET', path, res.status);
  }
  const link = headerValue(res.headers, 'link');
  const total = intHeader(res.headers, 'x-total-count');
  const perPage = intHeader(res.headers, 'x-perpage');
  const result: PageResult<T> = { items, ...(total !== undefined ? { total } : {}), ...(perPage !== undefined ? { perPage } : {}) };
  if (link === undefined) return result;
  // The link is read when the pagination first asks where it goes: a page
  // that ends the window (a first page of 30 with a total) never is. Its
  // first reading, three patterns and a URL's query, is 0.5 to 1 ms of a
  // command's start (test/tools/BENCH.md). The link and the page's URL
  // alone are kept for it, not the answer: a page waiting its turn would
  // hold its body's bytes.
  const { url } = res;
  let read: { next: string | undefined; page: number | undefined } | undefined;
  const follow = () => {
    if (read === undefined) {
      const next = parseLinkHeader(link).next;
      read = { next, page: next !== undefined ? pageOf(next, url) : undefined };
    }
    return read;
  };
  return Object.defineProperties(result, {
    hasNext: { get: () => follow().next !== undefined, enumerable: true },
    nextPage: { get: () => follow().page, enumerable: true },
  });
}

/**
 * Run `read` (the pass-through's reader over a list's first page) for nothing
 * but V8's optimising it (see ApiClient.pages), once the next pages' requests
 * are out: the list then waits on the network, not on this. Those requests
 * are asked for while this page is taken (promise jobs, before the next
 * turn), and undici writes each once it has a connection (`afterSent` calls
 * back when none is left waiting for one). Then in the check phase of a
 * turn: what the network brought meanwhile is handled first. (A list that
 * asks for one page at a time, with no total or a concurrency of 1, asks for
 * the next when the printer is done with this one: the warm-up may then come
 * first, which costs that page's wait no more than before.)
 */
export function warmUp(read: () => unknown, afterSent: (then: () => void) => void): void {
  const run = () => {
    try {
      read();
    } catch {
      // Only the real pages' reading counts.
    }
  };
  setImmediate(() => afterSent(() => setImmediate(run).unref())).unref();
}
