// kettle wiki list
import { target } from '../../context/target.js';
import * as wiki from '../../api/gitea/wiki.js';
import type { ApiClient, ListOptions as PageOptions } from '../../api/client.js';
import type { WikiPageMetaData } from '../../api/gitea/types.js';
import type { PageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ApiError } from '../../errors.js';
import { printListing } from '../listing.js';
import { checkWikiOn, pageColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/list.js';

export type ListOptions = OptionsOf<typeof definition.list>;

/**
 * A wiki not made yet answers 404 (ListWikiPages: findWikiRepoCommit finds no
 * repository), as a missing repository and a wiki turned off do: one read of
 * the repository tells them apart.
 */
async function* pagesOrNone(api: ApiClient, repo: RepoRef, window: PageWindow, options: PageOptions): AsyncGenerator<WikiPageMetaData[]> {
  try {
    yield* wiki.listPages(api, repo, window, options);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    // A wiki not made yet lists no pages; a missing repository or a wiki turned off is said so.
    await checkWikiOn(api, repo, () => Promise.reject(err));
  }
}

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { repo } = await target(ctx, { repo: opts.repo });
  const where = fullName(repo);
  await printListing(ctx, opts, {
    noun: 'wiki pages',
    pages: (api, window, options) => pagesOrNone(api, repo, window, options),
    columns: pageColumns,
    empty: `No wiki pages in ${where}`,
    attempt: { action: `list the wiki pages of ${where}`, missing: `repository ${where}` },
  });
}
