// kettle hook list [-R OWNER/NAME]
import * as hooks from '../../api/gitea/hooks.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { hookColumns } from './columns.js';
import type { ListOptions } from './index.js';

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const repo = await ctx.repo(opts.repo);
  await printListing(ctx, opts, {
    noun: 'webhooks',
    pages: (api, window, options) => hooks.list(api, repo, window, options),
    columns: hookColumns,
    empty: `No webhooks in ${fullName(repo)}`,
    attempt: { action: `list the webhooks of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` },
  });
}
