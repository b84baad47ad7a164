// kettle pr create: definition and options.
import { type BodyFlags, bodyFlags, type RepoFlag, repoFlag } from '../../../cli/flags.js';
import { text, verb } from '../../../cli/spec.js';

export interface CreateOptions extends RepoFlag, BodyFlags {
  title: string | undefined;
  head: string | undefined;
  base: string | undefined;
}

export const create = verb({
  name: 'create',
  summary: 'Open a pull request',
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the title (asked for on a terminal when missing)'),
    head: text('-H, --head <branch>', 'the branch with the changes (asked for on a terminal when missing, even with --title)'),
    base: text('-B, --base <branch>', 'the branch to merge into (asked for on a terminal when missing, even with --title)'),
    ...bodyFlags,
  },
  output: true,
  examples: [
    'kettle pr create --title "Quieter lid" --head feature/lid --base main',
    'kettle pr create -R alice/teapot --title "Fix spout" --head fix/spout --base main --body-file notes.md',
  ],
  load: () => import('../create.js'),
});
