// kettle issue edit NUMBER [--title TEXT] [--body TEXT | --body-file FILE|-]
import { expectRecord } from '../../api/response.js';
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failedIn, parseNumberArg, readBody, webUrl } from '../common.js';
import { issueViewColumns } from './columns.js';
import type { EditOptions } from './index.js';

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const changes: Record<string, unknown> = {};
  if (opts.title !== undefined) {
    if (opts.title.trim() === '') throw new UsageError('--title must not be empty');
    changes.title = opts.title;
  }
  const repo = await ctx.repo(opts.repo);
  const body = await readBody(ctx, opts);
  if (body !== undefined) changes.body = body;
  if (Object.keys(changes).length === 0) throw new UsageError('nothing to change: pass --title, --body or --body-file');
  const api = await ctx.api();
  const path = p`/repos/${repo.owner}/${repo.name}/issues/${number}`;
  const res = await api.request('PATCH', path, { body: changes }).catch(failedIn(api, repo, `edit issue #${number} in ${fullName(repo)}`, `issue #${number} in ${fullName(repo)}`));
  const issue = expectRecord(res.data, 'PATCH', path, res.status);
  ctx.success(`Edited issue #${number} in ${fullName(repo)}${webUrl(issue)}`);
  await printRecord(ctx.io, ctx.flags, issue, issueViewColumns);
}
