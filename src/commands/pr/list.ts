// kettle pr list [-R OWNER/NAME] [--state open|closed|all]
import { p } from '../../api/url.js';
import type { Opts } from '../../cli.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { failedTo, listAndPrint } from '../common.js';
import { prColumns } from '../issue/columns.js';

export async function run(ctx: Context, _args: string[], opts: Opts): Promise<void> {
  const state = typeof opts.state === 'string' ? opts.state : 'open';
  const repo = await ctx.repo(opts.repo);
  await listAndPrint(ctx, opts, p`/repos/${repo.owner}/${repo.name}/pulls`, { state }, prColumns, `No ${state === 'all' ? '' : `${state} `}pull requests in ${fullName(repo)}`).catch(
    failedTo(`list the pull requests of ${fullName(repo)}`, `repository ${fullName(repo)}`),
  );
}
