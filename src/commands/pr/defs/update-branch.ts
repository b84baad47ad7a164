// kettle pr update-branch: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, optionalArg, verb } from '../../../spec/spec.js';

export const updateBranch = verb({
  name: 'update-branch',
  summary: "Bring a pull request's branch up to date with its base (a merge, or --rebase)",
  args: { number: optionalArg('[number]', 'the pull request number or web URL (default: the one for the current branch)') },
  flags: { ...repoFlag, rebase: bool('--rebase', 'rebase the branch onto the base instead of merging the base in') },
  examples: ['kettle pr update-branch 7', 'kettle pr update-branch 7 --rebase', 'kettle pr update-branch        # the pull request of the current branch'],
  notes: '\nThe server does the merge or rebase itself. A branch already up to date is a note and nothing changes; a conflict exits 1 and changes nothing (resolve it locally and push).\n',
  load: () => import('../update-branch.js'),
});
