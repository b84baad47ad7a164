// kettle search users QUERY
import * as search from '../../api/gitea/search.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { userColumns } from '../records.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';
import { queryText } from './query.js';

export type UsersOptions = OptionsOf<typeof definitions.users>;

export async function run(ctx: Context, opts: UsersOptions): Promise<void> {
  const q = queryText(opts.query);
  await printListing(ctx, opts, {
    noun: 'users',
    pages: (api, window, options) => search.users(api, window, q, options),
    columns: userColumns,
    empty: `No users match "${q}"`,
    attempt: { action: 'search users' },
  });
}
