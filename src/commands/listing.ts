// What every list command does: turn --limit, --all and --page into a window,
// fetch the pages, and print them as they arrive.
import type { ApiClient, ListOptions } from '../api/client.js';
import { type PageWindow, pageWindow } from '../api/paginate.js';
import type { ListFlags } from '../spec/flags.js';
import type { Context } from '../context/context.js';
import { UsageError } from '../errors.js';
import { type Column, printPages } from '../output/printer.js';
import { Progress } from '../output/progress.js';
import { type Attempt, failure } from './failure.js';

/** --limit, --all and --page as a window of records; conflicting flags are a usage error. */
export function windowOf(opts: ListFlags): PageWindow {
  const { limit, page, all } = opts;
  if (all && limit !== undefined) throw new UsageError('use either --limit or --all, not both');
  if (all && page !== undefined) throw new UsageError('use either --page or --all, not both');
  return pageWindow({ ...(limit !== undefined ? { limit } : {}), ...(page !== undefined ? { page } : {}), all });
}

export interface Listing {
  /** What the records are, for the progress line: `issues`. */
  noun: string;
  /** The pages of the window the flags ask for. */
  pages: (api: ApiClient, window: PageWindow, options: ListOptions) => AsyncIterable<readonly object[]>;
  columns: Column[];
  /** Said on a terminal when the list is empty. */
  empty: string;
  /** How a failure is worded. */
  attempt?: Attempt;
  /**
   * The pages are the server's records as they came (none changed or left
   * out on the way): --json alone then prints each page's text re-indented
   * (json-text.ts) instead of parsing and serialising every record again.
   */
  passThrough?: boolean;
}

/**
 * Fetch a window of a list and print it in the chosen output mode, with a
 * progress line on a terminal while a long list loads and a warning when the
 * list changed under it.
 */
export async function printListing(ctx: Context, flags: ListFlags, listing: Listing): Promise<void> {
  const window = windowOf(flags);
  const api = await ctx.api();
  const progress = new Progress(ctx.io, listing.noun);
  let changed = false;
  try {
    // Not with --jq: jq's input built from the pages' text measured no less CPU, and more peak memory, than from the records.
    const asText = listing.passThrough === true && ctx.output.kind === 'json' && ctx.output.fields === undefined;
    // Its reader loaded only then: a list printed otherwise never evaluates it.
    const pageBytes = asText ? (await import('../output/json-text.js')).renderJsonPage : undefined;
    const pages = listing.pages(api, window, {
      ...(pageBytes !== undefined ? { pageBytes } : {}),
      onProgress: (received, total) => progress.update(received, total),
      onChange: () => {
        changed = true;
      },
    });
    await printPages(ctx.io, ctx.output, pages, listing.columns, { empty: listing.empty, onFetched: () => progress.done() }).catch(
      listing.attempt ? failure(listing.attempt) : (err: unknown) => Promise.reject(err),
    );
  } finally {
    progress.done();
  }
  if (changed) ctx.term.warn('the list changed on the server while it was read; records added or removed meanwhile may be missing');
}
