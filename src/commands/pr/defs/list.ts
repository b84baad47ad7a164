// kettle pr list: definition.
import { listFlags, repoFlag, stateFlag, webFlag } from '../../../spec/flags.js';
import { choice, list as many, text, verb } from '../../../spec/spec.js';
import { PR_SORTS } from '../choices.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the pull requests of a repository',
  flags: {
    ...repoFlag,
    ...listFlags,
    ...stateFlag,
    label: many('-l, --label <name>', 'only those with this label (repeatable: all of them)'),
    author: text('-A, --author <user>', 'only those opened by this user'),
    milestone: text('-m, --milestone <name>', 'only those in this milestone (name or number)'),
    sort: choice('--sort <order>', 'the order (default: newest first)', PR_SORTS),
    ...webFlag("the repository's pull-request list (with --state)"),
  },
  output: true,
  examples: ['kettle pr list -R alice/teapot', 'kettle pr list --label bug --author bob', 'kettle pr list --state all --json --fields number,title,head.ref', 'kettle pr list --web'],
  load: () => import('../list.js'),
});
