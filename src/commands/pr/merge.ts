// kettle pr merge NUMBER [--style STYLE] [--message TEXT]
import * as pulls from '../../api/gitea/pulls.js';
import type { MergePullRequestOption, PullRequest } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure, reword } from '../failure.js';
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
  const answer = await pulls.merge(api, repo, number, body).catch(failure({ action: `merge ${what}`, missing: what, within: { api, repo } }));
  // The merge is done: from here on nothing may turn it into a failure (a CI
  // job that retries would then fail with "already merged"). The read that
  // shows the merged pull request (real servers answer the merge with an
  // empty body) is best effort.
  let pr: PullRequest | undefined;
  let unread: unknown;
  if (answer === undefined) pr = await pulls.get(api, repo, number).catch((err: unknown) => void (unread = err));
  ctx.success(`Merged pull request #${number} in ${fullName(repo)} (${style})${pr ? webUrl(pr) : ''}`);
  if (unread !== undefined) {
    const why = reword(unread, { missing: what });
    ctx.warn(`the merge succeeded, but kettle cannot read ${what} afterwards: ${why instanceof Error ? why.message : String(why)}`);
  }
  if (pr) await printRecord(ctx.io, ctx.flags, pr, prViewColumns);
  // What is known, per the --json contract.
  else if (ctx.flags.json) await printRecord(ctx.io, ctx.flags, { number, merged: true }, prViewColumns);
}
