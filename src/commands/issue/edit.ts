// kettle issue edit NUMBER [--title TEXT] [--body TEXT | --body-file FILE|-]
import * as issues from '../../api/gitea/issues.js';
import type { EditIssueOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { parseNumberArg, readBody } from '../input.js';
import { webUrl } from '../records.js';
import { issueViewColumns } from './columns.js';
import type { EditOptions } from './index.js';

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const changes: EditIssueOption = {};
  if (opts.title !== undefined) {
    if (opts.title.trim() === '') throw new UsageError('--title must not be empty');
    changes.title = opts.title;
  }
  const repo = await ctx.repo(opts.repo);
  const body = await readBody(ctx, opts);
  if (body !== undefined) changes.body = body;
  if (Object.keys(changes).length === 0) throw new UsageError('nothing to change: pass --title, --body or --body-file');
  const api = await ctx.api();
  const what = `issue #${number} in ${fullName(repo)}`;
  // An edit that changes nothing is already done: success with a note, nothing sent.
  const current = await issues.get(api, repo, number).catch(failure({ action: `edit ${what}`, missing: what, within: { api, repo } }));
  if (Object.entries(changes).every(([key, value]) => (current as Record<string, unknown>)[key] === value)) {
    ctx.info(`kettle: ${what} already has ${Object.keys(changes).join(' and ')} as given; nothing to do`);
    await printRecord(ctx.io, ctx.flags, current, issueViewColumns);
    return;
  }
  const issue = await issues.edit(api, repo, number, changes).catch(failure({ action: `edit ${what}`, missing: what, within: { api, repo } }));
  ctx.success(`Edited ${what}${webUrl(issue)}`);
  await printRecord(ctx.io, ctx.flags, issue, issueViewColumns);
}
