// kettle time add NUMBER DURATION, time delete NUMBER ENTRY-ID [--yes], time reset NUMBER [--yes]
import * as times from '../../api/gitea/times.js';
import type { TrackedTime } from '../../api/gitea/types.js';
import * as users from '../../api/gitea/users.js';
import type { Context } from '../../context/context.js';
import { choose } from '../../context/prompt.js';
import { UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { printRecord } from '../../output/printer.js';
import { formatDuration, parseDuration, place, timeColumns, timeFailure } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './defs/change.js';

export type AddOptions = OptionsOf<typeof definitions.add>;
export type DeleteOptions = OptionsOf<typeof definitions.del>;
export type ResetOptions = OptionsOf<typeof definitions.reset>;

export async function runAdd(ctx: Context, opts: AddOptions): Promise<void> {
  const seconds = parseDuration(opts.duration);
  const at = await place(ctx, opts);
  const entry = await times.addTime(at.api, at.repo, at.number, seconds).catch(timeFailure(at.api, at.repo, { action: `add time to ${at.what}`, missing: at.what }));
  ctx.term.success(`Added ${formatDuration(seconds)} to ${at.what}`);
  if (ctx.output.kind !== 'view') await printRecord(ctx.io, ctx.output, entry, timeColumns);
}

/** Ask once on a terminal; without one, --yes is required. */
async function confirm(ctx: Context, yes: boolean, what: string): Promise<void> {
  if (yes) return;
  if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${what} without confirmation; pass --yes`);
  const answer = await choose(ctx.io, '--yes', `Delete ${what}?`, [
    { title: 'No, keep it', value: 'no' },
    { title: 'Yes, delete', value: 'yes' },
  ]);
  if (answer !== 'yes') throw new UsageError('not confirmed; nothing was deleted');
}

export async function runDelete(ctx: Context, opts: DeleteOptions): Promise<void> {
  const m = /^(\d{1,15})$/.exec(opts.id.trim());
  if (!m || Number(m[1]) < 1) throw new UsageError(`invalid entry ID "${opts.id}": expected a number such as 42 (kettle time list shows them)`);
  const id = Number(m[1]);
  const at = await place(ctx, opts);
  const what = `time entry ${id} of ${at.what}`;
  await confirm(ctx, opts.yes, what);
  // Gitea 1.26 and later look the entry up on the issue (GetTrackedTimeByID with the issue's id); earlier releases
  // and Forgejo by its id alone, so an entry of another issue is deleted there. Not checked here: the ID is the user's.
  await times.deleteTime(at.api, at.repo, at.number, id).catch(timeFailure(at.api, at.repo, { action: `delete ${what}`, missing: what }));
  ctx.term.success(`Deleted ${what}`);
}

export async function runReset(ctx: Context, opts: ResetOptions): Promise<void> {
  const at = await place(ctx, opts);
  const fail = timeFailure(at.api, at.repo, { action: `reset your time on ${at.what}`, missing: at.what });
  // The server answers a reset with nothing of the caller's to delete as 404 "tracked_time does not exist"
  // (models/issues/tracked_time.go DeleteIssueUserTimes), which would read as a missing issue: asked first.
  const login = (await users.me(at.api).catch(fail)).login ?? '';
  const mine: TrackedTime[] = [];
  const all = { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 };
  try {
    for await (const page of times.issueTimes(at.api, at.repo, at.number, { user: login }, all)) mine.push(...page);
  } catch (err) {
    await fail(err);
  }
  if (mine.length === 0) {
    ctx.term.info(`kettle: you have no tracked time on ${at.what}; nothing was changed`);
    return;
  }
  const total = mine.reduce((sum, t) => sum + (typeof t.time === 'number' ? t.time : 0), 0);
  const what = `your ${mine.length === 1 ? 'entry' : `${mine.length} entries`} (${formatDuration(total)}) on ${at.what}`;
  await confirm(ctx, opts.yes, what);
  await times.resetTimes(at.api, at.repo, at.number).catch(fail);
  ctx.term.success(`Deleted ${what}`);
}
