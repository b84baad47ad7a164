// kettle run rerun RUN-ID [--failed | --job JOB-ID]
import { target } from '../../context/target.js';
import * as actions from '../../api/gitea/actions.js';
import type { Context } from '../../context/context.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { parseRunId, runRef } from './shared.js';
import { connect, readJobs, requireFeature, runName } from '../runs.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/rerun.js';

export type RerunOptions = OptionsOf<typeof definition.rerun>;

export async function run(ctx: Context, opts: RerunOptions): Promise<void> {
  const shown = parseRunId(opts.id);
  if (opts.failed && opts.job !== undefined) throw new UsageError('use either --failed or --job, not both');
  const at = await connect(await target(ctx, { repo: opts.repo, numbers: opts.id }));
  requireFeature(at, 'rerun', 'run rerun');
  const id = await runRef(at, shown);
  const what = runName(at, id);
  let which = 'all its jobs';
  if (opts.failed || opts.job !== undefined) {
    const jobs = ((await readJobs(at, id)) ?? []).map(actions.jobOf);
    if (opts.job !== undefined) {
      const job = jobs.find((j) => j.id === opts.job);
      if (!job) throw new KettleError(`job ${opts.job} of ${what} not found; its jobs: ${jobs.map((j) => `${j.name} (ID ${j.id})`).join(', ') || 'none'}`);
      which = `job ${job.name} (ID ${job.id})`;
    } else {
      const failed = jobs.filter((j) => j.status === 'failure' || j.status === 'cancelled');
      if (failed.length === 0) throw new KettleError(`${what} has no failed or cancelled jobs; nothing was rerun`);
      which = `its failed jobs (${failed.map((j) => j.name).join(', ')})`;
    }
  }
  await actions.rerun(at.api, at.repo, id.api, { failed: opts.failed, ...(opts.job !== undefined ? { job: opts.job } : {}) }).catch(async (err: unknown) => {
    // services/actions/rerun.go: a run still going cannot be rerun (400).
    if (err instanceof ApiError && err.status === 400) throw new KettleError(`cannot rerun ${what}: ${err.serverMessage ?? 'the server refused'}; nothing was rerun`);
    return failure({ action: `rerun ${what}`, missing: what, within: { api: at.api, repo: at.repo } })(err);
  });
  ctx.term.success(`Rerunning ${which} of ${what}`);
}
