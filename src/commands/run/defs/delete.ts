// kettle run delete: definition.
import { repoFlag, yesFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { runId } from './shared.js';

export const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a finished run with its logs and artifacts, asking first',
  args: runId,
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle run delete 42', 'kettle run delete 42 --yes   # in scripts: no question'],
  load: () => import('../delete.js'),
});
