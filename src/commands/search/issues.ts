// kettle search issues QUERY
import * as search from '../../api/gitea/search.js';
import type { Context } from '../../context/context.js';
import { crossRepoIssueColumns } from '../issue/columns.js';
import { printListing } from '../listing.js';
import { splitValues } from '../names.js';
import { type QueryOptions, queryText } from './query.js';
import type { ISSUE_TYPES } from './choices.js';

export interface IssuesOptions extends QueryOptions {
  state: 'open' | 'closed' | 'all';
  type: (typeof ISSUE_TYPES)[number] | undefined;
  label: string[];
  owner: string | undefined;
}

export async function run(ctx: Context, opts: IssuesOptions): Promise<void> {
  const q = queryText(opts.query);
  const labels = splitValues(opts.label);
  await printListing(ctx, opts, {
    noun: opts.type === 'pr' ? 'pull requests' : opts.type === 'issue' ? 'issues' : 'issues and pull requests',
    pages: (api, window, options) =>
      search.issues(
        api,
        window,
        {
          q,
          state: opts.state,
          ...(opts.type ? { type: opts.type === 'pr' ? 'pulls' : 'issues' } : {}),
          ...(labels.length > 0 ? { labels: labels.join(',') } : {}),
          ...(opts.owner !== undefined ? { owner: opts.owner } : {}),
        },
        options,
      ),
    columns: crossRepoIssueColumns,
    empty: `No ${opts.state === 'all' ? '' : `${opts.state} `}issues or pull requests match "${q}"`,
    attempt: { action: 'search issues' },
  });
}
