// Following a run until it finishes (run watch, workflow run --watch): on a
// terminal the run, its jobs and their steps are drawn again in place; in a
// pipe each run, job and step is a line when it first shows and when its
// status changes. Exit 0 once the run succeeded, 1 once it failed or was
// cancelled. Reads are GETs, retried by the client as every idempotent read
// is; a server away for a while is waited for (outage.ts); a run that never
// settles is read once per interval until Ctrl-C.
import * as actions from '../api/gitea/actions.js';
import * as workflows from '../api/gitea/workflows.js';
import * as features from '../api/gitea/actions-features.js';
import type { Context } from '../context/context.js';
import { ApiError, KettleError } from '../errors.js';
import { plainText } from '../output/cells.js';
import { InPlace } from '../output/redraw.js';
import { statusLineDrawn, statusLineErased } from '../output/status-line.js';
import { visibleControls } from '../text/controls.js';
import { Outage } from './outage.js';
import { printText } from '../output/printer.js';
import { readJobs } from './workflow-file.js';
import { MARKS, type Place, readJobs as readRunJobs, readRun, type RunRef, runName } from './runs.js';

export const DEFAULT_INTERVAL_S = 3;

interface Snapshot {
  run: actions.Run;
  jobs: actions.Job[];
}

async function snapshot(at: Place, id: RunRef, fresh: boolean): Promise<Snapshot> {
  let run: actions.Run;
  try {
    ({ run } = await readRun(at, id));
  } catch (err) {
    // Where only tasks are listed, a run just started shows once a runner takes its first job.
    if (!(fresh && !features.offers(at.server, 'runs') && err instanceof ApiError && err.status === 404)) throw err;
    return { run: { id: id.shown, apiId: id.api, number: id.shown, workflow: '', title: '', branch: '', event: 'workflow_dispatch', status: 'queued', created: '', url: '' }, jobs: [] };
  }
  const listed = await readRunJobs(at, id);
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

/** How long a run that looks done may wait for jobs its workflow declares to show, where only tasks are listed. */
const UNSHOWN_JOBS_MS = 10 * 60_000;

/**
 * Where the server lists only tasks (Gitea 1.23 and 1.24, Forgejo 11), a job
 * shows once a runner takes it, so a run whose first jobs succeeded looks
 * done while later ones wait (D24). The jobs its workflow file declares tell:
 * those with no task yet, by name (a matrix job by its prefix); undefined
 * when the file cannot be read.
 */
async function unshownJobs(at: Place, s: Snapshot, known: Map<string, Declared>): Promise<string[] | undefined> {
  if (features.offers(at.server, 'runs') || s.run.workflow === '') return [];
  // The file is read once a watch; a read that failed is tried again at the next look.
  const key = `${s.run.workflow}@${s.run.branch}`;
  let declared = known.get(key);
  if (declared === undefined) {
    const found = await workflows.workflowFile(at.api, at.server, at.repo, s.run.workflow, s.run.branch || 'main').catch(() => undefined);
    declared = found ? readJobs(found.text) : undefined;
    if (declared !== undefined) known.set(key, declared);
  }
  if (declared === undefined) return undefined;
  const shown = s.jobs.map((j) => j.name);
  return declared.filter((d) => !shown.some((n) => n === d.name || (d.matrix && n.startsWith(`${d.name} (`)))).map((d) => d.name);
}

type Declared = NonNullable<ReturnType<typeof readJobs>>;

/** `fresh`: the run was started by this command, so it may not be listed yet. */
export async function follow(ctx: Context, at: Place, id: RunRef, intervalMs: number, fresh = false): Promise<void> {
  const io = ctx.io;
  const seen = new Map<string, string>();
  const screen = io.stdoutIsTTY ? new InPlace(io.stdout, io.columns) : undefined;
  const outage = new Outage(ctx, runName(at, id), screen ? (write) => screen.aside(write) : undefined);
  let waitingSince: number | undefined;
  let said = '';
  const declared = new Map<string, Declared>();
  for (; ; await io.sleep(intervalMs)) {
    const s = await outage.read(() => snapshot(at, id, fresh));
    if (s === undefined) continue;
    let done = features.isDone(s.run.status);
    if (done && s.run.status === 'success') {
      const unshown = await unshownJobs(at, s, declared);
      if (unshown !== undefined && unshown.length > 0) {
        const now = io.now().getTime();
        waitingSince ??= now;
        if (now - waitingSince >= UNSHOWN_JOBS_MS) {
          throw new KettleError(
            `${runName(at, id)}: jobs ${unshown.join(', ')} of its workflow never showed in ${UNSHOWN_JOBS_MS / 60_000} min; this server lists a job only once a runner takes it (or never, when it is skipped), so kettle does not report the run as succeeded`,
          );
        }
        done = false;
        s.run = { ...s.run, status: 'waiting' };
        const note = `Waiting for jobs ${unshown.join(', ')}: this server lists a job only once a runner takes it.`;
        if (note !== said) ctx.term.info(note);
        said = note;
      } else if (unshown === undefined && !features.offers(at.server, 'runs')) {
        ctx.term.warn(`the workflow file of ${runName(at, id)} could not be read, so jobs no runner has taken yet cannot be told from none: the run may not be over`);
      }
    }
    if (screen) {
      // The refresh line is drawn last, without a newline: Ctrl-C erases it (main.ts), leaving the run as last seen.
      const footer = done ? '' : `Refreshing every ${intervalMs / 1000} s (Ctrl-C to stop watching; the run goes on)`;
      screen.draw(block(ctx, s) + footer);
      if (done) statusLineErased();
      else statusLineDrawn(io.stdout);
    } else {
      const changed: string[] = [];
      for (const [key, line] of pipeLines(s)) {
        if (seen.get(key) === line) continue;
        seen.set(key, line);
        changed.push(line);
      }
      if (changed.length > 0) printText(io, `${changed.join('\n')}\n`);
    }
    if (done) return conclude(ctx, at, s.run);
  }
}

function conclude(ctx: Context, at: Place, run: actions.Run): void {
  const what = runName(at, run.id);
  if (run.status === 'failure') throw new KettleError(`${what} failed`);
  if (run.status === 'cancelled') throw new KettleError(`${what} was cancelled`);
  ctx.term.success(run.status === 'skipped' ? `${what} was skipped` : `${what} succeeded`);
}
