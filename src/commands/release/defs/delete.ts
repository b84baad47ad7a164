// kettle release delete: definition.
import { repoFlag, yesFlag } from '../../../spec/flags.js';
import { bool, verb } from '../../../spec/spec.js';
import { tag } from './shared.js';

export const del = verb({
  name: 'delete',
  summary: 'Delete a release (asks you to type its tag), and with --cleanup-tag its tag',
  args: { tag },
  flags: { ...repoFlag, ...yesFlag, cleanupTag: bool('--cleanup-tag', 'delete the git tag too') },
  examples: ['kettle release delete v1.2.0', 'kettle release delete v1.2.0 --yes --cleanup-tag   # in scripts: no question'],
  load: () => import('../delete.js'),
});
