// kettle repo star / unstar: definitions.
import { repoFlag } from '../../../spec/flags.js';
import { optionalArg, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';

export const star = verb({
  name: 'star',
  summary: 'Star a repository',
  args: { ownerName: optionalArg('[owner/name]', OWNER_NAME) },
  flags: repoFlag,
  examples: ['kettle repo star alice/teapot', 'kettle repo star            # the repository of the current git remote'],
  notes: '\nStarring a repository you have already starred changes nothing: a note, exit 0.\n',
  load: async () => ({ run: (await import('../star.js')).runStar }),
});

export const unstar = verb({
  name: 'unstar',
  summary: 'Remove your star from a repository',
  args: { ownerName: optionalArg('[owner/name]', OWNER_NAME) },
  flags: repoFlag,
  examples: ['kettle repo unstar alice/teapot', 'kettle repo unstar -R alice/teapot'],
  notes: '\nUnstarring a repository you have not starred changes nothing: a note, exit 0.\n',
  load: async () => ({ run: (await import('../star.js')).runUnstar }),
});
