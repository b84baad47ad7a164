// kettle login delete: definition.
import { verb } from '../../../spec/spec.js';
import { loginName } from './shared.js';

export const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Remove a stored login',
  args: { name: loginName },
  examples: ['kettle login delete work'],
  load: () => import('../delete.js'),
});
