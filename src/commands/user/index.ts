// kettle user: look up users.
import { arg, type GroupDef, verb } from '../../spec/spec.js';

export const user: GroupDef = {
  name: 'user',
  summary: 'Look up users',
  section: 'Users:',
  examples: ['kettle user view alice'],
  verbs: [
    verb({
      name: 'view',
      summary: 'Show a user',
      args: { username: arg('<username>', 'the user name, such as alice') },
      output: true,
      examples: ['kettle user view alice', 'kettle user view alice --json'],
      load: () => import('./view.js'),
    }),
  ],
};
