// kettle runner list [-R OWNER/NAME | --org ORG | --user | --global]
import * as runners from '../../api/gitea/runners.js';
import type { Context } from '../../context/context.js';
import { adminPages } from '../site-admin.js';
import { printListing } from '../listing.js';
import { requireRunners, runnerColumns, runnerPlace } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const place = await runnerPlace(ctx, opts);
  const { where, missing, scope } = place;
  await requireRunners(place, 'listing runners');
  const action = `list the runners of ${where}`;
  await printListing(ctx, opts, {
    noun: 'runners',
    pages: (api, window, options) => {
      const pages = runners.listRunners(api, scope, window, options);
      return scope.kind === 'global' ? adminPages(pages, action) : pages;
    },
    columns: runnerColumns,
    empty: `No runners in ${where}`,
    // The instance's list is worded by adminPages already.
    ...(scope.kind === 'global' ? {} : { attempt: { action, missing } }),
  });
}
