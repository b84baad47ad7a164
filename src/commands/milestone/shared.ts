// What the milestone verbs share: the columns for this run's output.
import type { Context } from '../../context/context.js';
import { milestoneColumns, milestoneViewColumns } from './columns.js';

export function columnsFor(ctx: Context) {
  const mark = { terminal: ctx.io.stdoutIsTTY, now: ctx.io.now() };
  return { list: milestoneColumns(mark), view: milestoneViewColumns(mark) };
}
