// kettle issue view NUMBER
import * as issues from '../../api/gitea/issues.js';
import type { Context } from '../../context/context.js';
import { withPager } from '../../context/pager.js';
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
  // A view can be long (the body): on a terminal it goes through the pager; JSON does not.
  if (ctx.flags.json) await printRecord(ctx.io, ctx.flags, issue, issueViewColumns);
  else await withPager(ctx.io, ctx.env, (_, paged) => printRecord(paged, ctx.flags, issue, issueViewColumns));
}
