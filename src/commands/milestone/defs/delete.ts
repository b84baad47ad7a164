// kettle milestone delete: definition.
import { repoFlag, yesFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { milestone } from './shared.js';

export const del = verb({
  name: 'delete',
  summary: 'Delete a milestone (its issues stay, without a milestone)',
  args: { milestone },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle milestone delete v1.0          # asks you to type the title', 'kettle milestone delete v1.0 --yes'],
  load: () => import('../delete.js'),
});
