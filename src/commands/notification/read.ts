// kettle notification read [THREAD-ID...] [--all] [-R OWNER/NAME]
import { target } from '../../context/target.js';
import * as notifications from '../../api/gitea/notifications.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printList } from '../../output/printer.js';
import { failure } from '../failure.js';
import { forEachNumber } from '../many.js';
import { threadColumns, threadStatus } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ReadOptions = OptionsOf<typeof definitions.read>;

/** Thread ids, each checked before any request; duplicates once. */
function parseIds(values: readonly string[]): number[] {
  const out: number[] = [];
  for (const value of values) {
    const m = /^#?(\d{1,15})$/.exec(value.trim());
    if (!m || Number(m[1]) < 1) throw new UsageError(`invalid thread id "${value}": expected a number such as 12 (the ID column of kettle notification list)`);
    if (!out.includes(Number(m[1]))) out.push(Number(m[1]));
  }
  return out;
}

export async function run(ctx: Context, opts: ReadOptions): Promise<void> {
  const ids = parseIds(opts.ids);
  if (opts.all && ids.length > 0) throw new UsageError('give thread ids or --all, not both');
  if (!opts.all && ids.length === 0) throw new UsageError('name the threads to mark read (kettle notification read 12 14), or pass --all');
  if (!opts.all && opts.repo !== undefined) throw new UsageError('-R goes with --all: thread ids are the same across repositories');
  if (opts.all) {
    const t = await target(ctx, opts.repo === undefined ? { user: true } : { repo: opts.repo });
    const repo = t.kind === 'repo' ? t.repo : undefined;
    const api = await t.api();
    const where = repo ? ` in ${fullName(repo)}` : '';
    const changed = await notifications.markAllRead(api, repo).catch(failure({ action: `mark your notifications${where} read`, ...(repo ? { missing: `repository ${fullName(repo)}` } : {}) }));
    if (changed.length === 0) ctx.term.info(`No unread notifications${where}; nothing to mark`);
    else ctx.term.success(`Marked ${changed.length} notification${changed.length === 1 ? '' : 's'}${where} read`);
    if (ctx.output.kind !== 'view') await printList(ctx.io, ctx.output, changed, threadColumns);
    return;
  }
  const api = await ctx.api();
  await forEachNumber(
    ctx,
    api,
    ids,
    async (id) => {
      const attempt = { action: `mark thread ${id} read`, missing: `notification thread ${id}` };
      const thread = await notifications.get(api, id).catch(failure(attempt));
      const title = thread.subject?.title ?? '';
      // A pinned thread is not unread either: marking it read would unpin it, which was not asked.
      if (thread.unread !== true) return { record: thread, message: `Thread ${id} (${title}) is already ${threadStatus(thread as Record<string, unknown>)}; nothing to do`, note: true };
      const after = await notifications.markRead(api, id).catch(failure(attempt));
      if (after.unread === true) throw new KettleError(`the server answered success but kept thread ${id} unread`);
      return { record: after, message: `Marked thread ${id} read (${title})` };
    },
    { columns: threadColumns, viewColumns: threadColumns },
  );
}
