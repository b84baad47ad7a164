// kettle run watch: definition.
import { repoFlag, seconds } from '../../../spec/flags.js';
import { bool, parsed, verb } from '../../../spec/spec.js';
import { runId } from './shared.js';

export const watch = verb({
  name: 'watch',
  summary: 'Follow a run until it finishes: exit 0 on success, 1 on failure or cancellation',
  args: runId,
  flags: {
    ...repoFlag,
    interval: parsed('-i, --interval <seconds>', 'seconds between refreshes (default 3; at least 0.1)', seconds('--interval')),
    exitStatus: bool('--exit-status', 'accepted as gh takes it; the exit status always follows the run'),
  },
  examples: ['kettle run watch 42', 'kettle run watch 42 --interval 10 && echo deployed', 'kettle run watch 42 | tee watch.log   # one line per change'],
  notes: '\nCtrl-C stops watching and leaves the run alone (exit 130).\n',
  load: () => import('../watch.js'),
});
