// kettle pr status: definition.
import { repoFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';

export const status = verb({
  name: 'status',
  summary: 'Your pull requests, those awaiting your review, and the current branch’s',
  flags: { ...repoFlag },
  output: true,
  examples: ['kettle pr status', 'kettle pr status --json'],
  load: () => import('../status.js'),
});
