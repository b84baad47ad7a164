// kettle issue list [-R OWNER/NAME] | --all-repos [--filter VALUE]
import * as issues from '../../api/gitea/issues.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printListing } from '../listing.js';
import { crossRepoIssueColumns, issueColumns } from './columns.js';
import type { ListOptions } from './index.js';

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { state } = opts;
  if (opts.allRepos) {
    if (opts.repo !== undefined) throw new UsageError('use either --all-repos or -R, not both');
    const filter = opts.filter ?? 'all';
    const onFallback = () => ctx.trace('GET /issues answered 404; using /repos/issues/search');
    return printListing(ctx, opts, {
      noun: 'issues',
      pages: (api, window, options) => issues.searchAll(api, window, { filter, state }, { ...options, onFallback }),
      columns: crossRepoIssueColumns,
      empty: 'No issues match',
    });
  }
  if (opts.filter !== undefined) throw new UsageError('--filter goes with --all-repos');
  const repo = await ctx.repo(opts.repo);
  await printListing(ctx, opts, {
    noun: 'issues',
    pages: (api, window, options) => issues.list(api, repo, window, { state }, options),
    columns: issueColumns,
    empty: `No ${state === 'all' ? '' : `${state} `}issues in ${fullName(repo)}`,
    attempt: { action: `list the issues of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` },
  });
}
