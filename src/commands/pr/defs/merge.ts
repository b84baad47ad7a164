// kettle pr merge: definition and options.
import { type RepoFlag, repoFlag } from '../../../cli/flags.js';
import { arg, choice, text, verb } from '../../../cli/spec.js';

export const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only'] as const;

export interface MergeOptions extends RepoFlag {
  number: string;
  style: (typeof MERGE_STYLES)[number];
  message: string | undefined;
}

export const merge = verb({
  name: 'merge',
  summary: 'Merge a pull request',
  args: { number: arg('<number>', 'the pull request number, such as 7 or #7') },
  flags: {
    ...repoFlag,
    style: choice('--style <style>', 'how to merge', MERGE_STYLES, 'merge'),
    message: text('-m, --message <text>', 'the merge commit message'),
  },
  output: true,
  examples: ['kettle pr merge 7', 'kettle pr merge 7 --style squash --message "Quieter lid (#7)"'],
  load: () => import('../merge.js'),
});
