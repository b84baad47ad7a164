// kettle milestone view: definition.
import { repoFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { milestone } from './shared.js';

export const view = verb({
  name: 'view',
  summary: 'Show a milestone',
  args: { milestone },
  flags: repoFlag,
  output: true,
  examples: ['kettle milestone view v1.2', 'kettle milestone view 4 --json'],
  load: () => import('../view.js'),
});
