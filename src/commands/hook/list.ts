// kettle hook list [-R OWNER/NAME]
import { p } from '../../api/url.js';
import type { Opts } from '../../cli.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { failedTo, listAndPrint } from '../common.js';
import { hookColumns } from './columns.js';

export async function run(ctx: Context, _args: string[], opts: Opts): Promise<void> {
  const repo = await ctx.repo(opts.repo);
  await listAndPrint(ctx, opts, p`/repos/${repo.owner}/${repo.name}/hooks`, {}, hookColumns, `No webhooks in ${fullName(repo)}`).catch(
    failedTo(`list the webhooks of ${fullName(repo)}`, `repository ${fullName(repo)}`),
  );
}
