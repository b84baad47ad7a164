// kettle repo list [--user USERNAME]
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printListing } from '../listing.js';
import { repoColumns } from '../repo-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/list.js';

export type ListOptions = OptionsOf<typeof definition.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { user } = opts;
  if (user !== undefined && !isSafeSegment(user)) throw new UsageError(`invalid --user "${user}"`);
  await printListing(ctx, opts, {
    noun: 'repositories',
    pages: (api, window, options) => (user === undefined ? repos.listMine(api, window, options) : repos.listForUser(api, user, window, options)),
    columns: repoColumns,
    passThrough: true,
    empty: user ? `${user} has no repositories you can see` : 'You have no repositories yet',
    attempt: { action: `list the repositories of ${user ?? 'the logged-in user'}`, ...(user === undefined ? {} : { missing: `user ${user}` }) },
  });
}
