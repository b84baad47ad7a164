// kettle whoami: the user the current credentials belong to.
import { type TopDef, verb } from '../../spec/spec.js';

const whoamiVerb = verb({
  name: 'whoami',
  summary: 'Show the user the current credentials belong to',
  output: true,
  examples: ['kettle whoami', 'kettle whoami --login work', 'kettle whoami --json --fields login,email'],
  load: () => import('./whoami.js'),
});

export const whoami = {
  section: 'Logins:',
  verb: whoamiVerb,
} satisfies TopDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { whoamiVerb };
