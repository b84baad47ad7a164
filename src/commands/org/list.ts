// kettle org list
import * as orgs from '../../api/gitea/orgs.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { orgColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  await printListing(ctx, opts, {
    noun: 'organizations',
    pages: (api, window, options) => orgs.list(api, window, options),
    columns: orgColumns,
    empty: 'You are not a member of any organization',
  });
}
