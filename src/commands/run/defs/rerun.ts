// kettle run rerun: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, verb } from '../../../spec/spec.js';
import { runId, jobFlag } from './shared.js';

export const rerun = verb({
  name: 'rerun',
  summary: 'Run a finished run again: all its jobs, the failed ones, or one',
  args: runId,
  flags: {
    ...repoFlag,
    failed: bool('--failed', 'only the jobs that failed or were cancelled'),
    ...jobFlag('only this job (its ID as run view shows it)'),
  },
  examples: ['kettle run rerun 42', 'kettle run rerun 42 --failed', 'kettle run rerun 42 --job 7'],
  load: () => import('../rerun.js'),
});
