// kettle issue list: definition.
import { listFlags, repoFlag, stateFlag, webFlag } from '../../../spec/flags.js';
import { bool, choice, list as repeated, text, verb } from '../../../spec/spec.js';
import { ISSUE_FILTERS } from '../choices.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the issues of a repository, or across repositories with --all-repos',
  flags: {
    ...repoFlag,
    ...listFlags,
    ...stateFlag,
    label: repeated('-l, --label <name>', 'only issues with this label (repeat it: issues with all of them; names or ids)'),
    milestone: text('-m, --milestone <name>', 'only issues in this milestone (name or number)'),
    assignee: text('-a, --assignee <user>', 'only issues assigned to this user (@me: you)'),
    author: text('-A, --author <user>', 'only issues opened by this user (@me: you)'),
    mention: text('--mention <user>', 'only issues mentioning this user (@me: you)'),
    search: text('-S, --search <text>', 'only issues whose text matches'),
    since: text('--since <date>', 'only issues updated at or after DATE (YYYY-MM-DD or ISO 8601)'),
    before: text('--before <date>', 'only issues updated before the end of DATE'),
    allRepos: bool('--all-repos', 'issues across every repository you can see'),
    filter: choice('--filter <value>', 'with --all-repos: which issues (default: all)', ISSUE_FILTERS),
    ...webFlag("the repository's issue list (with --state)"),
  },
  output: true,
  examples: [
    'kettle issue list -R alice/teapot',
    'kettle issue list --label bug --label urgent --assignee @me',
    'kettle issue list --milestone v1.2 --state all --since 2026-01-01',
    'kettle issue list --search "lid" --author bob',
    'kettle issue list --all-repos --filter created --state all',
    'kettle issue list --all --json --fields number,title,user.login',
    'kettle issue list --state closed --web',
  ],
  load: () => import('../list.js'),
});
