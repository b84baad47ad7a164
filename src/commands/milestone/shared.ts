// What the milestone verbs share: the options of those acting on one milestone,
// the columns for this run's output, and the due date as each server stores it.
import type { EditMilestoneOption, Milestone } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { known } from '../../context/server.js';
import { unlessRefused } from '../failure.js';
import type { OptionsOf } from '../../spec/spec.js';
import { milestoneColumns, milestoneViewColumns } from './columns.js';
import type * as definition from './defs/view.js';

/** view, close, reopen and delete declare these alike (test/unit/options-of.test.ts holds each verb to its own). */
export type OneOptions = OptionsOf<typeof definition.view>;

export function columnsFor(ctx: Context) {
  const mark = { terminal: ctx.io.stdoutIsTTY, now: ctx.io.now() };
  return { list: milestoneColumns(mark), view: milestoneViewColumns(mark) };
}

/**
 * Gitea's milestone edit (routers/api/v1/repo/milestone.go EditMilestone)
 * sets the due date from every request: one without due_on erases it. Forgejo
 * changes it only when one is sent. So every edit that leaves the date alone
 * sends the current one back; that changes nothing on either.
 */
export function keepDue(current: Milestone, changes: EditMilestoneOption): EditMilestoneOption {
  return changes.due_on === undefined && typeof current.due_on === 'string' && current.due_on !== '' ? { ...changes, due_on: current.due_on } : changes;
}

/**
 * Whether the milestone's due date already is what `due` would store. Gitea
 * stores 23:59:59 of the day named, in the server's time zone (the offset its
 * answers carry); Forgejo stores the moment sent.
 */
export async function sameDue(ctx: Context, current: Milestone, due: string): Promise<boolean> {
  const now = current.due_on;
  if (typeof now !== 'string' || now === '') return false;
  if (Date.parse(now) === Date.parse(due)) return true;
  const server = await unlessRefused(ctx.server(), undefined);
  return known(server) && server.flavour === 'gitea' && now.slice(0, 10) === due.slice(0, 10) && now.slice(11, 19) === '23:59:59';
}
