// kettle run view: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, verb } from '../../../spec/spec.js';
import { runId, jobFlag } from './shared.js';

export const view = verb({
  name: 'view',
  summary: "Show a run, its jobs and their steps; --log prints a job's log",
  args: runId,
  flags: {
    ...repoFlag,
    log: bool('--log', "print the jobs' logs (one job's with --job), streamed as they arrive"),
    ...jobFlag('with --log: only this job (its ID as run view shows it)'),
  },
  output: true,
  examples: [
    'kettle run view 42',
    'kettle run view https://gitea.example.com/alice/teapot/actions/runs/42',
    'kettle run view 42 --log',
    'kettle run view 42 --log --job 7 | grep -n error',
    'kettle run view 42 --json --jq .status',
  ],
  load: () => import('../view.js'),
});
