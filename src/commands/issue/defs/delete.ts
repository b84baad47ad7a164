// kettle issue delete: definition.
import { repoFlag, yesFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { numbers } from './shared.js';

export const del = verb({
  name: 'delete',
  summary: 'Delete issues for good (repository admins)',
  args: { numbers },
  flags: { ...repoFlag, ...yesFlag },
  output: true,
  examples: ['kettle issue delete 3 -R alice/teapot         # asks you to type alice/teapot#3', 'kettle issue delete 3 4 5 --yes'],
  load: () => import('../delete.js'),
});
