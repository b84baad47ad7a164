// kettle login scopes: definition.
import { verb } from '../../../spec/spec.js';

export const scopes = verb({
  name: 'scopes',
  summary: 'List the token scopes kettle needs, command group by command group',
  output: true,
  examples: ['kettle login scopes', 'kettle login scopes --json'],
  notes: '\nA token made by kettle login add --user carries all of them. A token made on the server\n(Settings, Applications) needs those of the commands it is used for.\n',
  load: () => import('../scopes.js'),
});
