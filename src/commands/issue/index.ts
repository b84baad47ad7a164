// kettle issue: list, view, create, edit, close and reopen issues.
import { type BodyFlags, bodyFlags, type ListFlags, listFlags, type RepoFlag, repoFlag, type State, stateFlag } from '../../cli/flags.js';
import { arg, bool, choice, type GroupDef, list, text, verb } from '../../cli/spec.js';

/**
 * `issue list --all-repos --filter` values: the keys of SEARCH_FILTERS in
 * src/api/gitea/issues.ts (the API spec documents only all for GET /issues;
 * the rest are what Gitea's search endpoint can narrow to). Listed here, not
 * imported, so start-up does not load the API layer; a unit test keeps the two equal.
 */
export const ISSUE_FILTERS = ['all', 'created', 'assigned', 'mentioned', 'review_requested', 'reviewed'] as const;

export interface ListOptions extends ListFlags, RepoFlag {
  state: State;
  allRepos: boolean;
  filter: (typeof ISSUE_FILTERS)[number] | undefined;
}
export interface NumberOptions extends RepoFlag {
  number: string;
}
export interface CreateOptions extends RepoFlag, BodyFlags {
  title: string | undefined;
  label: string[];
  assignee: string[];
}
export interface EditOptions extends NumberOptions, BodyFlags {
  title: string | undefined;
}

const number = arg('<number>', 'the issue number, such as 3 or #3');

export const issue: GroupDef = {
  name: 'issue',
  summary: 'List, view, create, edit, close and reopen issues',
  section: 'Issues:',
  examples: ['kettle issue list -R alice/teapot', 'kettle issue view 3'],
  verbs: [
    verb({
      name: 'list',
      aliases: ['ls'],
      summary: 'List the issues of a repository, or across repositories with --all-repos',
      flags: {
        ...repoFlag,
        ...listFlags,
        ...stateFlag,
        allRepos: bool('--all-repos', 'issues across every repository you can see'),
        filter: choice('--filter <value>', 'with --all-repos: which issues (default: all)', ISSUE_FILTERS),
      },
      output: true,
      examples: [
        'kettle issue list -R alice/teapot',
        'kettle issue list --state closed --limit 100',
        'kettle issue list --all-repos --filter created --state all',
        'kettle issue list --all --json --fields number,title,user.login',
      ],
      load: () => import('./list.js'),
    }),
    verb({
      name: 'view',
      summary: 'Show an issue',
      args: { number },
      flags: repoFlag,
      output: true,
      examples: ['kettle issue view 3 -R alice/teapot', 'kettle issue view 3 --json'],
      load: () => import('./view.js'),
    }),
    verb({
      name: 'create',
      summary: 'Open an issue',
      flags: {
        ...repoFlag,
        title: text('-t, --title <text>', 'the title (asked for on a terminal when missing)'),
        ...bodyFlags,
        label: list('-l, --label <id>', 'a label id; repeat it or separate ids with commas'),
        assignee: list('-a, --assignee <username>', 'assign the issue to this user; repeat it or separate names with commas'),
      },
      output: true,
      examples: [
        'kettle issue create -R alice/teapot --title "Lid rattles" --body "It rattles when the water boils."',
        'kettle issue create --title "Spout drips" --body-file notes.md --label 1,3 --assignee bob,carol',
        'echo "Found in 1.2" | kettle issue create --title "Handle too hot" --body-file -',
      ],
      load: () => import('./create.js'),
    }),
    verb({
      name: 'edit',
      summary: 'Change the title or body of an issue',
      args: { number },
      flags: { ...repoFlag, title: text('-t, --title <text>', 'the new title'), ...bodyFlags },
      output: true,
      examples: ['kettle issue edit 3 --title "Lid rattles at full boil"', 'kettle issue edit 3 --body-file - < body.md'],
      load: () => import('./edit.js'),
    }),
    verb({
      name: 'close',
      summary: 'Close an issue',
      args: { number },
      flags: repoFlag,
      output: true,
      examples: ['kettle issue close 3 -R alice/teapot', 'kettle issue close 3 --json'],
      load: () => import('./close.js'),
    }),
    verb({
      name: 'reopen',
      summary: 'Reopen a closed issue',
      args: { number },
      flags: repoFlag,
      output: true,
      examples: ['kettle issue reopen 3 -R alice/teapot', 'kettle issue reopen 3 --json'],
      load: () => import('./reopen.js'),
    }),
  ],
};
