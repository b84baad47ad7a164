// kettle issue view NUMBER
import * as issues from '../../api/gitea/issues.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import { issueViewColumns } from './columns.js';
import type { NumberOptions } from './index.js';

export async function run(ctx: Context, opts: NumberOptions): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const repo = await ctx.repo(opts.repo);
  const api = await ctx.api();
  const what = `issue #${number} in ${fullName(repo)}`;
  const issue = await issues.get(api, repo, number).catch(failure({ action: `read ${what}`, missing: what, within: { api, repo } }));
  await printRecord(ctx.io, ctx.flags, issue, issueViewColumns);
}
