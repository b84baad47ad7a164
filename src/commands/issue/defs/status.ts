// kettle issue status: definition.
import { verb } from '../../../spec/spec.js';

export const status = verb({
  name: 'status',
  summary: 'Open issues assigned to you, mentioning you, and opened by you, across repositories',
  output: true,
  examples: ['kettle issue status', 'kettle issue status --json --fields number,title'],
  load: () => import('../status.js'),
});
