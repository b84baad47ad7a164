// kettle user: look up users.
import { arg, type GroupDef, verb } from '../../spec/spec.js';

const view = verb({
  name: 'view',
  summary: 'Show a user',
  args: { username: arg('<username>', 'the user name, such as alice') },
  output: true,
  examples: ['kettle user view alice', 'kettle user view alice --json'],
  load: () => import('./view.js'),
});

export const user = {
  name: 'user',
  summary: 'Look up users',
  section: 'Users:',
  examples: ['kettle user view alice'],
  verbs: [view],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { view };
