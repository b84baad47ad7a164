// kettle hook list [-R OWNER/NAME]
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { failedTo, listAndPrint } from '../common.js';
import { hookColumns } from './columns.js';
import type { ListOptions } from './index.js';

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const repo = await ctx.repo(opts.repo);
  await listAndPrint(ctx, opts, p`/repos/${repo.owner}/${repo.name}/hooks`, {}, hookColumns, `No webhooks in ${fullName(repo)}`).catch(
    failedTo(`list the webhooks of ${fullName(repo)}`, `repository ${fullName(repo)}`),
  );
}
