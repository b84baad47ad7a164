// kettle repo clone: definition.
import { arg, optionalArg, variadicArg, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';

export const clone = verb({
  name: 'clone',
  summary: 'Clone a repository (a fork gets its parent as remote "upstream")',
  args: {
    ownerName: arg('<owner/name>', OWNER_NAME),
    directory: optionalArg('[directory]', "the folder to clone into (default: the repository's name)"),
    gitFlags: variadicArg('[git-flags...]', 'flags for git clone, after --'),
  },
  examples: ['kettle repo clone alice/teapot', 'kettle repo clone alice/teapot ~/src/teapot', 'kettle repo clone alice/teapot -- --depth 1 --branch main'],
  notes: '\nOver https or ssh as the login prefers: kettle login add --git-protocol ssh …\n',
  load: () => import('../clone.js'),
});
