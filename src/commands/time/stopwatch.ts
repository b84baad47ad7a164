// kettle time start NUMBER, time stop NUMBER, time cancel NUMBER. The
// caller's running stopwatches are read first (GET /user/stopwatches): a
// stopwatch already so is a note with nothing sent, and what starting one
// does to another (it stops it, adding its time) is said.
import * as times from '../../api/gitea/times.js';
import type { StopWatch } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { formatDuration, type Place, place, timeFailure } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './defs/stopwatch.js';

export type StopwatchOptions = OptionsOf<typeof definitions.start>;

const same = (a: string | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
const isOn = (sw: StopWatch, at: Place) => sw.issue_index === at.number && same(sw.repo_owner_name, at.repo.owner) && same(sw.repo_name, at.repo.name);
const running = (sw: StopWatch) => (typeof sw.seconds === 'number' ? ` (running for ${formatDuration(sw.seconds)})` : '');

async function current(at: Place, action: string): Promise<StopWatch[]> {
  return times.myStopwatches(at.api).catch(timeFailure(at.api, at.repo, { action }));
}

export async function runStart(ctx: Context, opts: StopwatchOptions): Promise<void> {
  const at = await place(ctx, opts);
  const action = `start the stopwatch on ${at.what}`;
  const before = await current(at, action);
  const here = before.find((sw) => isOn(sw, at));
  if (here) {
    ctx.term.info(`kettle: the stopwatch on ${at.what} is already running${running(here)}; nothing was changed`);
    return;
  }
  // models/issues/stopwatch.go CreateIssueStopwatch: a stopwatch running on another issue is finished first, its time added there.
  await times.stopwatch(at.api, at.repo, at.number, 'start').catch(timeFailure(at.api, at.repo, { action, missing: at.what }));
  for (const other of before) {
    const spent = typeof other.seconds === 'number' ? ` (${formatDuration(other.seconds)})` : '';
    ctx.term.info(`kettle: stopped the stopwatch on ${other.repo_owner_name ?? ''}/${other.repo_name ?? ''}#${other.issue_index ?? ''}; its time${spent} was added there`);
  }
  ctx.term.success(`Started the stopwatch on ${at.what}`);
}

export async function runStop(ctx: Context, opts: StopwatchOptions): Promise<void> {
  const at = await place(ctx, opts);
  const action = `stop the stopwatch on ${at.what}`;
  const here = (await current(at, action)).find((sw) => isOn(sw, at));
  if (!here) {
    ctx.term.info(`kettle: no stopwatch is running on ${at.what}; nothing was changed`);
    return;
  }
  await times.stopwatch(at.api, at.repo, at.number, 'stop').catch(timeFailure(at.api, at.repo, { action, missing: at.what }));
  ctx.term.success(`Stopped the stopwatch on ${at.what}${typeof here.seconds === 'number' ? `; added ${formatDuration(here.seconds)}` : ''}`);
}

export async function runCancel(ctx: Context, opts: StopwatchOptions): Promise<void> {
  const at = await place(ctx, opts);
  const action = `cancel the stopwatch on ${at.what}`;
  const here = (await current(at, action)).find((sw) => isOn(sw, at));
  if (!here) {
    ctx.term.info(`kettle: no stopwatch is running on ${at.what}; nothing was changed`);
    return;
  }
  await times.stopwatch(at.api, at.repo, at.number, 'cancel').catch(timeFailure(at.api, at.repo, { action, missing: at.what }));
  ctx.term.success(`Cancelled the stopwatch on ${at.what}; no time was added`);
}
