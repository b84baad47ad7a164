// kettle notification list
import { target } from '../../context/target.js';
import * as notifications from '../../api/gitea/notifications.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { threadColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const chosen = (['unread', 'read', 'pinned'] as const).filter((s) => opts[s]);
  // Unread by default: the servers' own default adds the pinned threads.
  const statuses = chosen.length > 0 ? chosen : (['unread'] as const);
  const repo = opts.repo === undefined ? undefined : (await target(ctx, { repo: opts.repo })).repo;
  const where = repo ? ` in ${fullName(repo)}` : '';
  await printListing(ctx, opts, {
    noun: 'notifications',
    pages: (api, window, options) => notifications.list(api, window, { statuses: [...statuses], ...(opts.type ? { types: [opts.type] } : {}) }, repo, options),
    columns: threadColumns,
    empty: `No ${statuses.join(' or ')} notifications${where}`,
    attempt: { action: 'list your notifications', ...(repo ? { missing: `repository ${fullName(repo)}` } : {}) },
  });
}
