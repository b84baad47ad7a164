// kettle time list [NUMBER] [--mine] [--since DATE]
import * as times from '../../api/gitea/times.js';
import * as users from '../../api/gitea/users.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { target } from '../../context/target.js';
import { parseDate } from '../dates.js';
import { parseNumberArg } from '../input.js';
import { printListing } from '../listing.js';
import { timeColumns, timeFailure } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './defs/list.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const number = opts.number === undefined ? undefined : parseNumberArg(opts.number, 'issue number');
  const since = opts.since === undefined ? undefined : parseDate(opts.since, '--since', 'start');
  const t = await target(ctx, { repo: opts.repo, numbers: opts.number });
  const { repo } = t;
  const api = await t.api();
  const where = number === undefined ? fullName(repo) : `issue #${number} in ${fullName(repo)}`;
  // The user filter takes a login; the caller's is asked for once.
  const user = opts.mine ? ((await users.me(api)).login ?? undefined) : undefined;
  const q = { ...(user !== undefined ? { user } : {}), ...(since !== undefined ? { since } : {}) };
  const fail = timeFailure(api, repo, { action: `list the time tracked on ${where}`, missing: number === undefined ? `repository ${where}` : where });
  await printListing(ctx, opts, {
    noun: 'entries',
    pages: async function* (client, window, options) {
      const pages = number === undefined ? times.repoTimes(client, repo, q, window, options) : times.issueTimes(client, repo, number, q, window, options);
      try {
        yield* pages;
      } catch (err) {
        await fail(err);
      }
    },
    columns: timeColumns,
    passThrough: true,
    empty: `No time tracked on ${where}${user !== undefined ? ' by you' : ''}${since !== undefined ? ` since ${opts.since}` : ''}`,
  });
}
