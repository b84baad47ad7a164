// What kettle issue close and kettle issue reopen share: PATCH the state.
import { expectRecord } from '../../api/response.js';
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failedIn, parseNumberArg, webUrl } from '../common.js';
import { issueViewColumns } from './columns.js';
import type { NumberOptions } from './index.js';

export async function setState(ctx: Context, opts: NumberOptions, state: 'open' | 'closed'): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const repo = await ctx.repo(opts.repo);
  const api = await ctx.api();
  const path = p`/repos/${repo.owner}/${repo.name}/issues/${number}`;
  const res = await api.request('PATCH', path, { body: { state } }).catch(
    failedIn(api, repo, `${state === 'closed' ? 'close' : 'reopen'} issue #${number} in ${fullName(repo)}`, `issue #${number} in ${fullName(repo)}`),
  );
  const issue = expectRecord(res.data, 'PATCH', path, res.status);
  ctx.success(`${state === 'closed' ? 'Closed' : 'Reopened'} issue #${number} in ${fullName(repo)}${webUrl(issue)}`);
  await printRecord(ctx.io, ctx.flags, issue, issueViewColumns);
}
