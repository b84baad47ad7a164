// kettle repo view [OWNER/NAME]
import { expectRecord } from '../../api/response.js';
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName, parseRepoArg } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failedTo } from '../common.js';
import { repoViewColumns } from './columns.js';
import type { ViewOptions } from './index.js';

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const arg = opts.ownerName;
  if (arg && opts.repo !== undefined) throw new UsageError('name the repository once: either OWNER/NAME or -R');
  const repo = arg ? parseRepoArg(arg, 'repository') : await ctx.repo(opts.repo);
  const api = await ctx.api();
  const path = p`/repos/${repo.owner}/${repo.name}`;
  const res = await api.get(path).catch(failedTo(`read ${fullName(repo)}`, `repository ${fullName(repo)}`));
  await printRecord(ctx.io, ctx.flags, expectRecord(res.data, 'GET', path, res.status), repoViewColumns);
}
