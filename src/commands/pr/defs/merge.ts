// kettle pr merge: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, choice, optionalArg, text, verb } from '../../../spec/spec.js';
import { MERGE_STYLES } from '../choices.js';

export const merge = verb({
  name: 'merge',
  summary: 'Merge a pull request',
  args: { number: optionalArg('[number]', 'the pull request number or web URL (default: the one for the current branch)') },
  flags: {
    ...repoFlag,
    style: choice('--style <style>', 'how to merge (default: merge)', MERGE_STYLES),
    merge: bool('--merge', 'short for --style merge'),
    squash: bool('--squash', 'short for --style squash'),
    rebase: bool('--rebase', 'short for --style rebase'),
    subject: text('-t, --subject <text>', "the merge commit's first line (default: the server's own, naming the pull request); not with rebase or fast-forward-only, which make no merge commit"),
    message: text('-m, --message <text>', "the merge commit's body, under its first line; not with rebase or fast-forward-only"),
    deleteBranch: bool('-d, --delete-branch', 'delete the head branch after the merge (and the local one, when checked out)'),
    auto: bool('--auto', 'merge once the checks succeed'),
  },
  output: true,
  examples: ['kettle pr merge 7', 'kettle pr merge 7 --squash --delete-branch', 'kettle pr merge --auto', 'kettle pr merge 7 --squash --subject "Quieter lid (#7)" --message "Felt under the lid."'],
  load: () => import('../merge.js'),
});
