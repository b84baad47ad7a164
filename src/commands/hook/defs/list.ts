// kettle hook list: definition.
import { windowFlags } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { targetFlags } from './shared.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the webhooks of a repository or organization',
  flags: { ...targetFlags, ...windowFlags },
  output: true,
  examples: ['kettle hook list -R alice/teapot', 'kettle hook list --org wonderland', 'kettle hook list --json'],
  load: () => import('../list.js'),
});
