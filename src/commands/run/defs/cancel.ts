// kettle run cancel: definition.
import { repoFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { runId } from './shared.js';

export const cancel = verb({
  name: 'cancel',
  summary: 'Cancel a run that is queued or in progress',
  args: runId,
  flags: repoFlag,
  examples: ['kettle run cancel 42'],
  notes: "\nNo Gitea or Forgejo release known to kettle has an API to cancel a run: kettle says so and\nprints the run's web page, where it can be cancelled.\n",
  load: () => import('../cancel.js'),
});
