// kettle search issues QUERY
import * as search from '../../api/gitea/search.js';
import type { Context } from '../../context/context.js';
import { crossRepoIssueColumns } from '../issue-columns.js';
import { printListing } from '../listing.js';
import { splitValues } from '../names.js';
import { queryText } from './query.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type IssuesOptions = OptionsOf<typeof definitions.issues>;

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
