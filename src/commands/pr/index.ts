// kettle pr: list, create and merge pull requests.
import { type BodyFlags, bodyFlags, type ListFlags, listFlags, type RepoFlag, repoFlag, type State, stateFlag } from '../../cli/flags.js';
import { arg, choice, type GroupDef, text, verb } from '../../cli/spec.js';

export const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only'] as const;

export interface ListOptions extends ListFlags, RepoFlag {
  state: State;
}
export interface CreateOptions extends RepoFlag, BodyFlags {
  title: string | undefined;
  head: string | undefined;
  base: string | undefined;
}
export interface MergeOptions extends RepoFlag {
  number: string;
  style: (typeof MERGE_STYLES)[number];
  message: string | undefined;
}

export const pr: GroupDef = {
  name: 'pr',
  summary: 'List, create and merge pull requests',
  section: 'Pull requests:',
  examples: ['kettle pr list -R alice/teapot', 'kettle pr merge 7 --style squash'],
  verbs: [
    verb({
      name: 'list',
      aliases: ['ls'],
      summary: 'List the pull requests of a repository',
      flags: { ...repoFlag, ...listFlags, ...stateFlag },
      output: true,
      examples: ['kettle pr list -R alice/teapot', 'kettle pr list --state all --json --fields number,title,head.ref'],
      load: () => import('./list.js'),
    }),
    verb({
      name: 'create',
      summary: 'Open a pull request',
      flags: {
        ...repoFlag,
        title: text('-t, --title <text>', 'the title (asked for on a terminal when missing)'),
        head: text('-H, --head <branch>', 'the branch with the changes'),
        base: text('-B, --base <branch>', 'the branch to merge into'),
        ...bodyFlags,
      },
      output: true,
      examples: [
        'kettle pr create --title "Quieter lid" --head feature/lid --base main',
        'kettle pr create -R alice/teapot --title "Fix spout" --head fix/spout --base main --body-file notes.md',
      ],
      load: () => import('./create.js'),
    }),
    verb({
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
      load: () => import('./merge.js'),
    }),
  ],
};
