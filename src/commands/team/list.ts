// kettle team list --org ORG
import * as teams from '../../api/gitea/teams.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { orgOf, teamColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const org = orgOf(opts.org);
  await printListing(ctx, opts, {
    noun: 'teams',
    pages: (api, window, options) => teams.list(api, org, window, options),
    columns: teamColumns,
    passThrough: true,
    empty: `No teams in organization ${org}`,
    attempt: { action: `list the teams of organization ${org}`, missing: `organization ${org}` },
  });
}
