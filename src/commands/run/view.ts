// kettle run view RUN-ID [--log] [--job JOB-ID]: the run, its jobs and their
// steps where the server lists them; --log streams jobs' logs as they arrive.
import { target } from '../../context/target.js';
import * as actions from '../../api/gitea/actions.js';
import * as features from '../../api/gitea/actions-features.js';
import type { Context } from '../../context/context.js';
import { plainText } from '../../output/cells.js';
import { visibleControls } from '../../text/controls.js';
import { printJson, printRecord, printText } from '../../output/printer.js';
import { runViewColumns } from '../run-columns.js';
import { streamLogs } from './log.js';
import { MARKS, connect, readJobs, readRun, requireFeature } from '../runs.js';
import { parseRunId, runRef } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/view.js';

export type ViewOptions = OptionsOf<typeof definition.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const shown = parseRunId(opts.id);
  if (opts.job !== undefined && !opts.log) ctx.term.warn('--job has no effect without --log');
  const at = await connect(await target(ctx, { repo: opts.repo, numbers: opts.id }));
  const id = await runRef(at, shown);
  if (opts.log) {
    if (!features.offers(at.server, 'logs')) {
      // Said before anything is sent, with the page where the log can be read.
      const { run: found } = await readRun(at, id);
      requireFeature(at, 'logs', 'run view --log', found.url ? `; the run's log is on its web page: ${found.url}` : '');
    }
    await streamLogs(ctx, at, id, opts.job);
    return;
  }
  const { record } = await readRun(at, id);
  const jobs = await readJobs(at, id);
  if (ctx.output.kind !== 'view') {
    printJson(ctx.io, ctx.output, jobs ? { ...record, jobs } : record, runViewColumns);
    return;
  }
  await printRecord(ctx.io, ctx.output, record, runViewColumns);
  const listed = jobs?.map(actions.jobOf) ?? actions.runOf(record).jobs?.map((j) => ({ ...j, steps: [] }));
  if (!listed || listed.length === 0) return;
  const io = ctx.io;
  if (io.stdoutIsTTY) {
    const lines = ['', 'JOBS'];
    for (const job of listed) {
      lines.push(`${MARKS[job.status] ?? '?'} ${visibleControls(job.name)} (ID ${job.id}): ${job.status}`);
      for (const step of job.steps) lines.push(`    ${MARKS[step.status] ?? '?'} ${visibleControls(step.name)}: ${step.status}`);
    }
    printText(io, `${lines.join('\n')}\n`);
    return;
  }
  // In a pipe: one row per job and per step, tab-separated, after the run's key/value lines.
  const rows: string[] = [];
  for (const job of listed) {
    rows.push(['job', job.id, plainText(job.name), job.status].join('\t'));
    for (const step of job.steps) rows.push(['step', job.id, step.number, plainText(step.name), step.status].join('\t'));
  }
  printText(io, `${rows.join('\n')}\n`);
}
