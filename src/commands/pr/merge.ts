// kettle pr merge NUMBER [--style STYLE] [--message TEXT]
import { expectRecord } from '../../api/response.js';
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failedIn, failedTo, parseNumberArg, webUrl } from '../common.js';
import { prViewColumns } from './columns.js';
import type { MergeOptions } from './index.js';

export async function run(ctx: Context, opts: MergeOptions): Promise<void> {
  const number = parseNumberArg(opts.number, 'pull request number');
  const style = opts.style;
  const repo = await ctx.repo(opts.repo);
  const api = await ctx.api();
  const base = p`/repos/${repo.owner}/${repo.name}/pulls/${number}`;
  // Real servers require the field name "Do".
  const body: Record<string, unknown> = { Do: style };
  if (opts.message !== undefined) body.MergeMessageField = opts.message;
  const what = `pull request #${number} in ${fullName(repo)}`;
  await api.request('POST', `${base}/merge`, { body }).catch(failedIn(api, repo, `merge ${what}`, what));
  // The merge answers with an empty body on real servers; show the merged pull request.
  const res = await api.get(base).catch(failedTo(`read ${what}`, what));
  const pr = expectRecord(res.data, 'GET', base, res.status);
  ctx.success(`Merged pull request #${number} in ${fullName(repo)} (${style})${webUrl(pr)}`);
  await printRecord(ctx.io, ctx.flags, pr, prViewColumns);
}
