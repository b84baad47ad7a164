// kettle run list [--status STATUS] [--branch BRANCH] [--workflow FILE] [--event EVENT]
import { target } from '../../context/target.js';
import * as actions from '../../api/gitea/actions.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { runColumns } from '../run-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/list.js';

export type ListOptions = OptionsOf<typeof definition.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { repo } = await target(ctx, { repo: opts.repo });
  const server = await ctx.server();
  const name = fullName(repo);
  const filter: actions.RunFilter = { status: opts.status, branch: opts.branch, workflow: opts.workflow, event: opts.event };
  const filtered = Object.values(filter).some((v) => v !== undefined);
  await printListing(ctx, opts, {
    noun: 'runs',
    pages: (api, window, options) => actions.listRuns(api, server, repo, filter, window, options),
    columns: runColumns,
    empty: filtered ? `No runs of ${name} match` : `No Actions runs in ${name}`,
    attempt: { action: `list the Actions runs of ${name}`, missing: `repository ${name}` },
  });
}
