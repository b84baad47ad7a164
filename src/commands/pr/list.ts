// kettle pr list [-R OWNER/NAME] [--state open|closed|all]
import * as pulls from '../../api/gitea/pulls.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { prColumns } from './columns.js';
import type { ListOptions } from './defs/list.js';

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { state } = opts;
  const repo = await ctx.repo(opts.repo);
  await printListing(ctx, opts, {
    noun: 'pull requests',
    pages: (api, window, options) => pulls.list(api, repo, window, { state }, options),
    columns: prColumns,
    empty: `No ${state === 'all' ? '' : `${state} `}pull requests in ${fullName(repo)}`,
    attempt: { action: `list the pull requests of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` },
  });
}
