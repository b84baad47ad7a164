// kettle repo sync: definition.
import { repoFlag } from '../../../spec/flags.js';
import { optionalArg, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';

export const sync = verb({
  name: 'sync',
  summary: 'Make a mirror fetch from its source now',
  args: { ownerName: optionalArg('[owner/name]', OWNER_NAME) },
  flags: repoFlag,
  examples: ['kettle repo sync alice/teapot-mirror', 'kettle repo sync            # the repository of the current git remote'],
  notes: '\nThe server fetches in the background; a repository that is not a mirror exits 1.\n',
  load: () => import('../sync.js'),
});
