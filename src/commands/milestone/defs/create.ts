// kettle milestone create: definition.
import { repoFlag } from '../../../spec/flags.js';
import { arg, verb } from '../../../spec/spec.js';
import { description, due } from './shared.js';

export const create = verb({
  name: 'create',
  summary: 'Create a milestone',
  args: { title: arg('<title>', 'the title') },
  flags: { ...repoFlag, description, due },
  output: true,
  examples: ['kettle milestone create v1.2 --due 2026-03-01', 'kettle milestone create "Spring clean" --description "Small fixes"'],
  load: () => import('../create.js'),
});
