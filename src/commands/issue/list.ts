// kettle issue list [-R OWNER/NAME] [--label NAME]... [--milestone NAME] [--assignee USER] [--author USER]
//   [--mention USER] [--search TEXT] [--since DATE] [--before DATE] | --all-repos [--filter VALUE]
import { target } from '../../context/target.js';
import type { IssueQuery } from '../../api/gitea/issues.js';
import * as issues from '../../api/gitea/issues.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { parseDate } from '../dates.js';
import { printListing } from '../listing.js';
import { openUrl, repoPage, stateQuery } from '../web.js';
import { LabelNames, resolveMilestone, UserNames } from '../names.js';
import { crossRepoIssueColumns, issueColumns } from '../issue-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/list.js';

export type ListOptions = OptionsOf<typeof definition.list>;

const FILTERS = ['label', 'milestone', 'assignee', 'author', 'mention', 'search', 'since', 'before'] as const;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { state } = opts;
  if (opts.web) {
    if (opts.allRepos) throw new UsageError("--web opens one repository's issues; leave out --all-repos");
    const { repo } = await target(ctx, { repo: opts.repo });
    return openUrl(ctx, repoPage(ctx, repo, '/issues', stateQuery(state)));
  }
  if (opts.allRepos) {
    if (opts.repo !== undefined) throw new UsageError('use either --all-repos or -R, not both');
    const used = FILTERS.find((f) => (f === 'label' ? opts.label.length > 0 : opts[f] !== undefined));
    if (used) throw new UsageError(`--${used} lists one repository's issues; leave out --all-repos`);
    const filter = opts.filter ?? 'all';
    const onFallback = () => ctx.term.trace('GET /issues answered 404; using /repos/issues/search');
    return printListing(ctx, opts, {
      noun: 'issues',
      pages: (api, window, options) => flagWorded(issues.searchAll(api, window, { filter, state }, { ...options, onFallback })),
      columns: crossRepoIssueColumns,
      empty: 'No issues match',
      passThrough: true,
    });
  }
  if (opts.filter !== undefined) throw new UsageError('--filter goes with --all-repos');
  for (const flag of ['milestone', 'assignee', 'author', 'mention', 'search'] as const) {
    if (opts[flag]?.trim() === '') throw new UsageError(`--${flag} must not be empty`);
  }
  const query: IssueQuery = { state };
  if (opts.since !== undefined) query.since = parseDate(opts.since, '--since', 'start');
  if (opts.before !== undefined) query.before = parseDate(opts.before, '--before', 'end');
  if (opts.search !== undefined) query.q = opts.search;
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const filtered = opts.label.length > 0 || opts.milestone !== undefined || [opts.assignee, opts.author, opts.mention].some((u) => u !== undefined);
  if (filtered) {
    const api = await at.api();
    // Names are checked (an unknown one exits 2) and sent as the server spells them.
    const labels = await new LabelNames(api, repo).resolve(opts.label, '--label', true);
    if (labels.length > 0) query.labels = labels.map((l) => l.name).join(',');
    if (opts.milestone !== undefined) query.milestones = (await resolveMilestone(api, repo, opts.milestone)).title;
    const people = new UserNames(api);
    if (opts.assignee !== undefined) query.assigned_by = await people.resolve(opts.assignee);
    if (opts.author !== undefined) query.created_by = await people.resolve(opts.author);
    if (opts.mention !== undefined) query.mentioned_by = await people.resolve(opts.mention);
  }
  await printListing(ctx, opts, {
    noun: 'issues',
    pages: (api, window, options) => issues.list(api, repo, window, query, options),
    columns: issueColumns,
    passThrough: true,
    empty: filtered || opts.search !== undefined || opts.since !== undefined || opts.before !== undefined ? 'No issues match' : `No ${state === 'all' ? '' : `${state} `}issues in ${fullName(repo)}`,
    attempt: { action: `list the issues of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` },
  });
}

/** The search's own error, said in terms of the flag the user typed. */
async function* flagWorded<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* pages;
  } catch (err) {
    if (err instanceof issues.UnsupportedFilterError) {
      throw new UsageError(`this server does not support --filter ${err.filter}; use one of ${err.supported.join(', ')}`);
    }
    throw err;
  }
}
