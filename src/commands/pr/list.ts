// kettle pr list [-R OWNER/NAME] [--state open|closed|all]
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { failedTo, listAndPrint } from '../common.js';
import { prColumns } from './columns.js';
import type { ListOptions } from './index.js';

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const state = opts.state;
  const repo = await ctx.repo(opts.repo);
  await listAndPrint(ctx, opts, p`/repos/${repo.owner}/${repo.name}/pulls`, { state }, prColumns, `No ${state === 'all' ? '' : `${state} `}pull requests in ${fullName(repo)}`).catch(
    failedTo(`list the pull requests of ${fullName(repo)}`, `repository ${fullName(repo)}`),
  );
}
