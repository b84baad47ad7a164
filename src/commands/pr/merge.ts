// kettle pr merge NUMBER [--style STYLE] [--message TEXT]
import * as pulls from '../../api/gitea/pulls.js';
import type { MergePullRequestOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import { webUrl } from '../records.js';
import { prViewColumns } from './columns.js';
import type { MergeOptions } from './defs/merge.js';

export async function run(ctx: Context, opts: MergeOptions): Promise<void> {
  const number = parseNumberArg(opts.number, 'pull request number');
  const { style } = opts;
  const repo = await ctx.repo(opts.repo);
  const api = await ctx.api();
  // Real servers require the field name "Do".
  const body: MergePullRequestOption = { Do: style };
  if (opts.message !== undefined) body.MergeMessageField = opts.message;
  const what = `pull request #${number} in ${fullName(repo)}`;
  await pulls.merge(api, repo, number, body).catch(failure({ action: `merge ${what}`, missing: what, within: { api, repo } }));
  // The merge answers with an empty body on real servers; show the merged pull request.
  const pr = await pulls.get(api, repo, number).catch(failure({ action: `read ${what}`, missing: what }));
  ctx.success(`Merged pull request #${number} in ${fullName(repo)} (${style})${webUrl(pr)}`);
  await printRecord(ctx.io, ctx.flags, pr, prViewColumns);
}
