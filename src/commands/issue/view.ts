// kettle issue view NUMBER
import { expectRecord } from '../../api/response.js';
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failedIn, parseNumberArg } from '../common.js';
import { issueViewColumns } from './columns.js';
import type { NumberOptions } from './index.js';

export async function run(ctx: Context, opts: NumberOptions): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const repo = await ctx.repo(opts.repo);
  const api = await ctx.api();
  const path = p`/repos/${repo.owner}/${repo.name}/issues/${number}`;
  const res = await api.get(path).catch(failedIn(api, repo, `read issue #${number} in ${fullName(repo)}`, `issue #${number} in ${fullName(repo)}`));
  await printRecord(ctx.io, ctx.flags, expectRecord(res.data, 'GET', path, res.status), issueViewColumns);
}
