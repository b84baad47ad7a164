// kettle hook delete: definition.
import { yesFlag } from '../../../spec/flags.js';
import { variadicArg, verb } from '../../../spec/spec.js';
import { targetFlags } from './shared.js';

export const del = verb({
  name: 'delete',
  summary: "Delete webhooks (asks you to type the repository's or organization's name)",
  args: { ids: variadicArg('<id...>', 'the webhook ids (see kettle hook list)') },
  flags: { ...targetFlags, ...yesFlag },
  examples: ['kettle hook delete 3 -R alice/teapot', 'kettle hook delete 3 4 5 --yes   # in scripts: no question', 'kettle hook delete 12 --org wonderland'],
  load: () => import('../delete.js'),
});
