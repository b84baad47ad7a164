// kettle org list
import * as orgs from '../../api/gitea/orgs.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { orgColumns } from './columns.js';
import type { ListFlags } from '../../spec/flags.js';

export type ListOptions = ListFlags;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  await printListing(ctx, opts, {
    noun: 'organizations',
    pages: (api, window, options) => orgs.list(api, window, options),
    columns: orgColumns,
    empty: 'You are not a member of any organization',
  });
}
