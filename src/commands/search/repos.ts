// kettle search repos QUERY
import * as search from '../../api/gitea/search.js';
import * as users from '../../api/gitea/users.js';
import type { Context } from '../../context/context.js';
import { failure } from '../failure.js';
import { printListing, windowOf } from '../listing.js';
import { repoColumns } from '../repo-columns.js';
import { queryText } from './query.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ReposOptions = OptionsOf<typeof definitions.repos>;

/** The servers sort ascending unless told: the counts and dates read best largest first. */
const ORDER: Record<NonNullable<ReposOptions['sort']>, 'asc' | 'desc'> = { stars: 'desc', updated: 'desc', created: 'desc', alpha: 'asc' };

export async function run(ctx: Context, opts: ReposOptions): Promise<void> {
  const q = queryText(opts.query);
  windowOf(opts);
  const api = await ctx.api();
  // /repos/search takes the owner as an id: users and organizations alike are users.
  const owner = opts.owner === undefined ? undefined : await users.get(api, opts.owner).catch(failure({ missing: `user or organization ${opts.owner}` }));
  await printListing(ctx, opts, {
    noun: 'repositories',
    pages: (client, window, options) =>
      search.repos(
        client,
        window,
        {
          q,
          ...(opts.topic ? { topic: true } : {}),
          ...(owner?.id !== undefined ? { uid: owner.id, exclusive: true } : {}),
          ...(opts.sort ? { sort: opts.sort, order: ORDER[opts.sort] } : {}),
          ...(opts.archived !== undefined ? { archived: opts.archived } : {}),
        },
        options,
      ),
    columns: repoColumns,
    empty: `No repositories match "${q}"`,
    attempt: { action: 'search repositories' },
  });
}
