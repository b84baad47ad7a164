// What kettle issue close and kettle issue reopen share: PATCH the state.
import * as issues from '../../api/gitea/issues.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import { webUrl } from '../records.js';
import { issueViewColumns } from './columns.js';
import type { NumberOptions } from './index.js';

export async function setState(ctx: Context, opts: NumberOptions, state: issues.IssueState): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const repo = await ctx.repo(opts.repo);
  const api = await ctx.api();
  const what = `issue #${number} in ${fullName(repo)}`;
  const issue = await issues
    .setState(api, repo, number, state)
    .catch(failure({ action: `${state === 'closed' ? 'close' : 'reopen'} ${what}`, missing: what, within: { api, repo } }));
  ctx.success(`${state === 'closed' ? 'Closed' : 'Reopened'} ${what}${webUrl(issue)}`);
  await printRecord(ctx.io, ctx.flags, issue, issueViewColumns);
}
