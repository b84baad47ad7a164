// kettle issue list [-R OWNER/NAME] | --all-repos [--filter VALUE]
import type { ListOptions } from '../../api/client.js';
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { ApiError, UsageError } from '../../errors.js';
import type { Row } from '../../output/printer.js';
import { failedTo, listAndPrint, printListing, windowOf } from '../common.js';
import { crossRepoIssueColumns, issueColumns } from './columns.js';
import type { ListOptions as IssueListOptions } from './index.js';

/** GET /issues `filter` values and the flags Gitea's /repos/issues/search takes for them. */
const SEARCH_FILTERS: Record<string, Record<string, string>> = {
  all: {},
  created: { created: 'true' },
  assigned: { assigned: 'true' },
  mentioned: { mentioned: 'true' },
  review_requested: { review_requested: 'true' },
  reviewed: { reviewed: 'true' },
};

async function acrossRepos(ctx: Context, opts: IssueListOptions, state: string): Promise<void> {
  const filter = opts.filter ?? 'all';
  if (filter.trim() === '') throw new UsageError('--filter must not be empty');
  const window = windowOf(opts);
  const api = await ctx.api();
  async function* pages(options: ListOptions): AsyncGenerator<Row[]> {
    let started = false;
    try {
      for await (const page of api.pages<Row>('/issues', window, { filter, state, type: 'issues' }, options)) {
        started = true;
        yield page;
      }
    } catch (err) {
      // Gitea has no GET /issues; its cross-repository search answers instead.
      if (started || !(err instanceof ApiError && err.status === 404)) throw err;
      const flags = SEARCH_FILTERS[filter];
      if (!flags) {
        throw new UsageError(`this server does not support --filter ${filter}; use one of ${Object.keys(SEARCH_FILTERS).join(', ')}`);
      }
      ctx.trace('GET /issues answered 404; using /repos/issues/search');
      yield* api.pages<Row>('/repos/issues/search', window, { state, type: 'issues', ...flags }, options);
    }
  }
  await printListing(ctx, '/issues', pages, crossRepoIssueColumns, 'No issues match');
}

export async function run(ctx: Context, opts: IssueListOptions): Promise<void> {
  const state = opts.state;
  if (opts.allRepos) {
    if (opts.repo !== undefined) throw new UsageError('use either --all-repos or -R, not both');
    return acrossRepos(ctx, opts, state);
  }
  if (opts.filter !== undefined) throw new UsageError('--filter goes with --all-repos');
  const repo = await ctx.repo(opts.repo);
  await listAndPrint(ctx, opts, p`/repos/${repo.owner}/${repo.name}/issues`, { state, type: 'issues' }, issueColumns, `No ${state === 'all' ? '' : `${state} `}issues in ${fullName(repo)}`).catch(
    failedTo(`list the issues of ${fullName(repo)}`, `repository ${fullName(repo)}`),
  );
}
