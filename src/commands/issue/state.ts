// What kettle issue close and kettle issue reopen share: read the state, PATCH it when it differs.
import * as issues from '../../api/gitea/issues.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import { webUrl } from '../records.js';
import { issueViewColumns } from './columns.js';
import type { NumberOptions } from './index.js';

/**
 * Read the issue first: closing a closed issue (or reopening an open one) is
 * already done, which is success with a note, and nothing is sent.
 */
export async function setState(ctx: Context, opts: NumberOptions, state: issues.IssueState): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const repo = await ctx.repo(opts.repo);
  const api = await ctx.api();
  const what = `issue #${number} in ${fullName(repo)}`;
  const verb = state === 'closed' ? 'close' : 'reopen';
  const current = await issues.get(api, repo, number).catch(failure({ action: `${verb} ${what}`, missing: what, within: { api, repo } }));
  if (current.state === state) {
    ctx.info(`kettle: ${what} is already ${state}; nothing to do`);
    await printRecord(ctx.io, ctx.flags, current, issueViewColumns);
    return;
  }
  const issue = await issues.setState(api, repo, number, state).catch(failure({ action: `${verb} ${what}`, missing: what, within: { api, repo } }));
  ctx.success(`${state === 'closed' ? 'Closed' : 'Reopened'} ${what}${webUrl(issue)}`);
  await printRecord(ctx.io, ctx.flags, issue, issueViewColumns);
}
