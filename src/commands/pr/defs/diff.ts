// kettle pr diff: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, optionalArg, verb } from '../../../spec/spec.js';

export const diff = verb({
  name: 'diff',
  summary: "Show a pull request's changes",
  args: { number: optionalArg('[number]', 'the pull request number or web URL (default: the one for the current branch)') },
  flags: {
    ...repoFlag,
    patch: bool('--patch', 'the patch series (git format-patch) instead of the diff'),
    nameOnly: bool('--name-only', 'only the paths of the changed files'),
  },
  examples: ['kettle pr diff 7', 'kettle pr diff 7 --patch | git am', 'kettle pr diff --name-only'],
  load: () => import('../diff.js'),
});
