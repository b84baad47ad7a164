// Following a run until it finishes (run watch, workflow run --watch): on a
// terminal the run, its jobs and their steps are drawn again in place; in a
// pipe each run, job and step is a line when it first shows and when its
// status changes. Exit 0 once the run succeeded, 1 once it failed or was
// cancelled. Reads are GETs, retried by the client as every idempotent read
// is; a run that never settles is read once per interval until Ctrl-C.
import * as actions from '../../api/gitea/actions.js';
import * as features from '../../api/gitea/actions-features.js';
import type { Context } from '../../context/context.js';
import { ApiError, KettleError } from '../../errors.js';
import { plainText } from '../../output/cells.js';
import { statusLineDrawn, statusLineErased } from '../../output/status-line.js';
import { visibleControls } from '../../output/controls.js';
import { MARKS, type Place, readJobs, readRun, runName } from './target.js';

export const DEFAULT_INTERVAL_S = 3;

interface Snapshot {
  run: actions.Run;
  jobs: actions.Job[];
}

async function snapshot(at: Place, id: number, fresh: boolean): Promise<Snapshot> {
  let run: actions.Run;
  try {
    ({ run } = await readRun(at, id));
  } catch (err) {
    // Where only tasks are listed, a run just started shows once a runner takes its first job.
    if (!(fresh && !features.offers(at.server, 'runs') && err instanceof ApiError && err.status === 404)) throw err;
    return { run: { id, number: id, workflow: '', title: '', branch: '', event: 'workflow_dispatch', status: 'queued', created: '', url: '' }, jobs: [] };
  }
  const listed = await readJobs(at, id);
  const jobs = listed ? listed.map(actions.jobOf) : (run.jobs ?? []).map((j) => ({ ...j, steps: [] }));
  return { run, jobs };
}

const COLOURS: Record<string, string> = { success: '\u001b[32m', failure: '\u001b[31m', cancelled: '\u001b[33m', in_progress: '\u001b[33m' };

function paint(ctx: Context, status: string, text: string): string {
  const c = ctx.io.color ? COLOURS[status] : undefined;
  return c ? `${c}${text}\u001b[0m` : text;
}

function block(ctx: Context, s: Snapshot): string {
  const v = visibleControls;
  const lines = [`${paint(ctx, s.run.status, MARKS[s.run.status] ?? '?')} ${v(s.run.workflow)} · ${v(s.run.title)} · ${v(s.run.branch)} · run ${s.run.id}: ${paint(ctx, s.run.status, s.run.status)}`];
  for (const job of s.jobs) {
    lines.push(`  ${paint(ctx, job.status, MARKS[job.status] ?? '?')} ${v(job.name)}: ${job.status}`);
    for (const step of job.steps) lines.push(`      ${paint(ctx, step.status, MARKS[step.status] ?? '?')} ${v(step.name)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The lines of a pipe: one per run, job and step, keyed so a change shows once. */
function pipeLines(s: Snapshot): Array<[string, string]> {
  const out: Array<[string, string]> = [[`run`, ['run', s.run.id, s.run.status].join('\t')]];
  for (const job of s.jobs) {
    out.push([`job ${job.id} ${job.name}`, ['job', plainText(job.name), job.status].join('\t')]);
    for (const step of job.steps) out.push([`step ${job.id} ${step.number}`, ['step', plainText(job.name), plainText(step.name), step.status].join('\t')]);
  }
  return out;
}

/** `fresh`: the run was started by this command, so it may not be listed yet. */
export async function follow(ctx: Context, at: Place, id: number, intervalMs: number, fresh = false): Promise<void> {
  const io = ctx.io;
  const seen = new Map<string, string>();
  let drawn = 0;
  for (;;) {
    const s = await snapshot(at, id, fresh);
    const done = features.isDone(s.run.status);
    if (io.stdoutIsTTY) {
      // The refresh line is drawn last, without a newline: Ctrl-C erases it (main.ts), leaving the run as last seen.
      const footer = done ? '' : `Refreshing every ${intervalMs / 1000} s (Ctrl-C to stop watching; the run goes on)`;
      const text = block(ctx, s) + footer;
      // Back to where the last drawing began, and clear from there down.
      io.stdout.write(`${drawn > 0 ? `\u001b[${drawn}A` : ''}\r\u001b[J${text}`);
      drawn = text.split('\n').length - 1;
      if (done) statusLineErased();
      else statusLineDrawn(io.stdout);
    } else {
      const changed: string[] = [];
      for (const [key, line] of pipeLines(s)) {
        if (seen.get(key) === line) continue;
        seen.set(key, line);
        changed.push(line);
      }
      if (changed.length > 0) io.stdout.write(`${changed.join('\n')}\n`);
    }
    if (done) return conclude(ctx, at, s.run);
    await io.sleep(intervalMs);
  }
}

function conclude(ctx: Context, at: Place, run: actions.Run): void {
  const what = runName(at, run.id);
  if (run.status === 'failure') throw new KettleError(`${what} failed`);
  if (run.status === 'cancelled') throw new KettleError(`${what} was cancelled`);
  ctx.success(run.status === 'skipped' ? `${what} was skipped` : `${what} succeeded`);
}
