// kettle hook view: definition.
import { verb } from '../../../spec/spec.js';
import { hookId, targetFlags } from './shared.js';

export const view = verb({
  name: 'view',
  summary: 'Show a webhook (never its secret)',
  args: { id: hookId },
  flags: targetFlags,
  output: true,
  examples: ['kettle hook view 3 -R alice/teapot', 'kettle hook view 12 --org wonderland --json'],
  load: () => import('../view.js'),
});
