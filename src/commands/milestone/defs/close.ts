// kettle milestone close: definition.
import { repoFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { milestone } from './shared.js';

export const close = verb({
  name: 'close',
  summary: 'Close a milestone',
  args: { milestone },
  flags: repoFlag,
  output: true,
  examples: ['kettle milestone close v1.2'],
  load: () => import('../close.js'),
});
