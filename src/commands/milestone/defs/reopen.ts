// kettle milestone reopen: definition.
import { repoFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { milestone } from './shared.js';

export const reopen = verb({
  name: 'reopen',
  summary: 'Reopen a closed milestone',
  args: { milestone },
  flags: repoFlag,
  output: true,
  examples: ['kettle milestone reopen v1.2'],
  load: () => import('../reopen.js'),
});
