// kettle whoami: the user the current credentials belong to.
import { type TopDef, verb } from '../../spec/spec.js';

export const whoami: TopDef = {
  section: 'Logins:',
  verb: verb({
    name: 'whoami',
    summary: 'Show the user the current credentials belong to',
    output: true,
    examples: ['kettle whoami', 'kettle whoami --login work', 'kettle whoami --json --fields login,email'],
    load: () => import('./whoami.js'),
  }),
};
