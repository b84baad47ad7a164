// kettle milestone edit: definition.
import { repoFlag } from '../../../spec/flags.js';
import { text, verb } from '../../../spec/spec.js';
import { milestone, description, due } from './shared.js';

export const edit = verb({
  name: 'edit',
  summary: 'Change the title, description or due date of a milestone',
  args: { milestone },
  flags: { ...repoFlag, title: text('-t, --title <text>', 'the new title'), description, due },
  output: true,
  examples: ['kettle milestone edit v1.2 --due 2026-04-01', 'kettle milestone edit 4 --title v1.3'],
  load: () => import('../edit.js'),
});
