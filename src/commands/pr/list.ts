// kettle pr list [-R OWNER/NAME] [--state open|closed|all] [--label NAME]...
//   [--author USER] [--milestone NAME] [--sort ORDER]
// Every filter has a server parameter on Gitea 1.23 and Forgejo 11 (labels and
// milestone by id, looked up by name first; poster by login; sort), so none is
// applied client-side.
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { openUrl, repoPage, stateQuery } from '../web.js';
import { prColumns } from './columns.js';
import { labelIds, milestoneId } from './names.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/list.js';

export type ListOptions = OptionsOf<typeof definition.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { state, sort } = opts;
  const at = await target(ctx, { repo: opts.repo, parentOfFork: true });
  const { repo } = at;
  if (opts.web) return openUrl(ctx, repoPage(ctx, repo, '/pulls', stateQuery(state)));
  const api = await at.api();
  const labels = await labelIds(api, repo, opts.label);
  const milestone = opts.milestone !== undefined ? await milestoneId(api, repo, opts.milestone) : undefined;
  const query: pulls.PullQuery = {
    state,
    ...(sort !== undefined ? { sort } : {}),
    ...(labels.length > 0 ? { labels } : {}),
    ...(milestone !== undefined ? { milestone } : {}),
    ...(opts.author !== undefined ? { poster: opts.author } : {}),
  };
  const filtered = labels.length > 0 || milestone !== undefined || opts.author !== undefined;
  await printListing(ctx, opts, {
    noun: 'pull requests',
    pages: (client, window, options) => pulls.list(client, repo, window, query, options),
    columns: prColumns,
    passThrough: true,
    empty: `No ${state === 'all' ? '' : `${state} `}pull requests${filtered ? ' matching the filters' : ''} in ${fullName(repo)}`,
    attempt: { action: `list the pull requests of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` },
  });
}
