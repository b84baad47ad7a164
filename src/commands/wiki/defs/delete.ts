// kettle wiki delete: definition.
import { repoFlag, yesFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { page } from './shared.js';

export const del = verb({
  name: 'delete',
  summary: 'Delete a wiki page (asks you to type its title)',
  args: { page },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle wiki delete "Old notes" -R alice/teapot', 'kettle wiki delete Draft --yes'],
  load: () => import('../delete.js'),
});
