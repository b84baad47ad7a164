// Jobs' logs, streamed: byte for byte as they arrive in a pipe; on a terminal
// through the pager, each step in a colour of its own and the log's control
// characters shown rather than obeyed. Memory stays the same whatever the
// log's size; a connection cut partway leaves what arrived on stdout and exits 1.
import { pipeline } from 'node:stream/promises';
import * as actions from '../../api/gitea/actions.js';
import { headerValue } from '../../api/headers.js';
import type { Context } from '../../context/context.js';
import { pagerFailure, startPager } from '../../context/pager.js';
import { ApiError, KettleError } from '../../errors.js';
import { visibleControls } from '../../text/controls.js';
import { failure } from '../failure.js';
import { counter } from '../transfer.js';
import { type Place, readJobs, type RunRef, runName } from '../runs.js';
import { lines, write } from '../../output/stream.js';

/** Where a step begins in a runner's log (act_runner's group markers, after the timestamp). */
const STEP_START = /(^|\s)(::group::|##\[group\])/;
const STEP_COLOURS = ['\u001b[36m', '\u001b[33m', '\u001b[35m', '\u001b[32m', '\u001b[34m'];
const RESET = '\u001b[0m';

export async function streamLogs(ctx: Context, at: Place, runId: RunRef, jobId: number | undefined): Promise<void> {
  const what = runName(at, runId);
  const jobs = ((await readJobs(at, runId)) ?? []).map(actions.jobOf);
  if (jobs.length === 0) {
    // An empty list of jobs is also what a missing run's number would give on no server: read the run to tell.
    await actions.getRun(at.api, at.server, at.repo, runId.api).catch(failure({ action: `read ${what}`, missing: what }));
    throw new KettleError(`${what} has no jobs`);
  }
  const chosen = jobId === undefined ? jobs : jobs.filter((j) => j.id === jobId);
  if (chosen.length === 0) throw new KettleError(`job ${jobId} of ${what} not found; its jobs: ${jobs.map((j) => `${j.name} (ID ${j.id})`).join(', ')}`);
  const waiting = chosen.filter((j) => j.status === 'queued' || j.status === 'waiting');
  const started = chosen.filter((j) => !waiting.includes(j));
  for (const j of waiting) ctx.term.info(`Job ${j.name} (ID ${j.id}) has not started: no log yet.`);
  if (started.length === 0) {
    if (jobId !== undefined) throw new KettleError(`job ${jobId} of ${what} has not started: no log yet`);
    return;
  }
  const tty = ctx.io.stdoutIsTTY;
  const paged = tty ? await startPager(ctx.io) : { out: ctx.io.stdout, closed: () => false, finish: async () => 0, command: undefined };
  let code: number | null = 0;
  try {
    for (const job of started) {
      if (paged.closed()) break;
      const label = `the log of job ${job.name} (ID ${job.id}) of ${what}`;
      // A job that never reached a runner (skipped by `needs`, cancelled while queued) has no task and so no log:
      // Gitea 1.25 and later answer 404 "job not started" (routers/api/v1/shared/action.go). Said, not failed. A job
      // skipped by its `if` did reach one and has a log (a real Gitea 1.27.0); a job that ran and has none is a 404.
      const neverRan = job.status === 'skipped' || job.status === 'cancelled';
      const res = await actions.jobLog(at.api, at.repo, job.id).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404 && neverRan && jobId === undefined) return undefined;
        if (err instanceof ApiError && err.status === 404 && neverRan) throw new KettleError(`job ${job.name} (ID ${job.id}) of ${what} never ran (${job.status}): it has no log`);
        return failure({ action: `read ${label}`, missing: `the log of job ${job.id} of ${what}` })(err);
      });
      if (res === undefined) {
        ctx.term.info(`Job ${job.name} (ID ${job.id}) never ran (${job.status}): no log.`);
        continue;
      }
      const declared = headerValue(res.headers, 'content-length');
      let received = 0;
      try {
        // Counted as they pass, the spent buffers collected every few MiB, so memory stays flat.
        const count = counter((n) => {
          received = n;
        });
        if (tty) {
          if (started.length > 1) await write(paged.out, `${ctx.io.color ? '\u001b[1m' : ''}── ${visibleControls(job.name)} ──${ctx.io.color ? RESET : ''}\n`);
          let step = -1;
          await pipeline(res.body, count, async (source: AsyncIterable<Buffer>) => {
            for await (const line of lines(source)) {
              if (paged.closed()) return;
              if (STEP_START.test(line)) step++;
              const shown = visibleControls(line);
              const colour = ctx.io.color && step >= 0 ? STEP_COLOURS[step % STEP_COLOURS.length] : undefined;
              await write(paged.out, colour ? `${colour}${shown}${RESET}\n` : `${shown}\n`);
            }
          });
        } else {
          await pipeline(res.body, count, async (source: AsyncIterable<Buffer>) => {
            for await (const chunk of source) await write(paged.out, chunk);
          });
        }
      } catch (err) {
        if (paged.closed()) break;
        throw new KettleError(`the connection failed after ${received} bytes of ${label}: ${(err as Error).message}`);
      } finally {
        if (paged.closed()) (res.body as unknown as { destroy?: () => void }).destroy?.();
      }
      if (!paged.closed() && declared !== undefined && /^\d+$/.test(declared) && received !== Number(declared)) {
        throw new KettleError(`${label} was cut short: ${received} of ${declared} bytes arrived`);
      }
    }
  } finally {
    code = await paged.finish();
  }
  const failed = paged.command === undefined ? undefined : pagerFailure(paged.command, code);
  if (failed) throw new KettleError(`${failed}, so the log was not shown; set KETTLE_PAGER, or KETTLE_PAGER= for none`);
}
