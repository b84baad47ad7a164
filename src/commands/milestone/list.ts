// kettle milestone list [--state open|closed|all]
import { target } from '../../context/target.js';
import * as milestones from '../../api/gitea/milestones.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { columnsFor } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/list.js';

export type ListOptions = OptionsOf<typeof definition.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { repo } = await target(ctx, { repo: opts.repo });
  const { state } = opts;
  await printListing(ctx, opts, {
    noun: 'milestones',
    pages: (api, window, options) => milestones.list(api, repo, window, { state }, options),
    columns: columnsFor(ctx).list,
    passThrough: true,
    empty: `No ${state === 'all' ? '' : `${state} `}milestones in ${fullName(repo)}`,
    attempt: { action: `list the milestones of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` },
  });
}
