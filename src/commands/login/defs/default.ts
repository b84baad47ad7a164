// kettle login default: definition.
import { verb } from '../../../spec/spec.js';
import { loginName } from './shared.js';

export const defaultVerb = verb({
  name: 'default',
  summary: 'Make a stored login the default one',
  args: { name: loginName },
  examples: ['kettle login default work'],
  load: () => import('../default.js'),
});
