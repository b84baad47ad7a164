// kettle admin org list
import * as admin from '../../api/gitea/admin.js';
import type { Context } from '../../context/context.js';
import type { Column } from '../../output/printer.js';
import { printListing } from '../listing.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';
import { adminPages } from './shared.js';

export type OrgListOptions = OptionsOf<typeof definitions.orgList>;

const columns: Column[] = [
  { key: 'name', header: 'NAME', get: (r) => r.username ?? r.name },
  { key: 'full_name', header: 'FULL NAME', drop: 3 },
  { key: 'description', header: 'DESCRIPTION', flex: true, drop: 2 },
  { key: 'visibility', header: 'VISIBILITY', drop: 1 },
];

export async function runList(ctx: Context, opts: OrgListOptions): Promise<void> {
  await printListing(ctx, opts, {
    noun: 'organizations',
    pages: (api, window, options) => adminPages(admin.listOrgs(api, window, options), 'list organizations'),
    columns,
    empty: 'No organizations',
  });
}
