// kettle admin cron list / run TASK
import * as admin from '../../api/gitea/admin.js';
import type { Context } from '../../context/context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/printer.js';
import { printListing } from '../listing.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';
import { adminFailure, adminPages } from './shared.js';

export type CronListOptions = OptionsOf<typeof definitions.cronList>;
export type CronRunOptions = OptionsOf<typeof definitions.cronRun>;

const columns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'schedule', header: 'SCHEDULE', flex: true, drop: 3 },
  { key: 'next', header: 'NEXT', kind: 'time', drop: 2 },
  { key: 'prev', header: 'PREVIOUS', kind: 'time', drop: 1 },
  { key: 'exec_times', header: 'RUNS', drop: 4 },
];

export async function runList(ctx: Context, opts: CronListOptions): Promise<void> {
  await printListing(ctx, opts, {
    noun: 'tasks',
    pages: (api, window, options) => adminPages(admin.listCron(api, window, options), 'list scheduled tasks'),
    columns,
    empty: 'No scheduled tasks',
  });
}

export async function runRun(ctx: Context, opts: CronRunOptions): Promise<void> {
  const { task } = opts;
  // Task names are words with underscores (services/cron/tasks*.go): anything else names none.
  if (!/^[A-Za-z0-9_.-]+$/.test(task)) throw new UsageError(`invalid task name "${task}": see kettle admin cron list`);
  const api = await ctx.api();
  await admin.runCron(api, task).catch(adminFailure({ action: `run task ${task}`, missing: `scheduled task ${task} (see kettle admin cron list)` }));
  ctx.term.success(`Started task ${task}`);
}
