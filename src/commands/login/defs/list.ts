// kettle login list: definition.
import { verb } from '../../../spec/spec.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List stored logins (never their secrets)',
  output: true,
  examples: ['kettle login list', 'kettle login list --json'],
  load: () => import('../list.js'),
});
