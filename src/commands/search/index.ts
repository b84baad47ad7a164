// kettle search: repositories, issues and pull requests, and users across the whole server.
import { listFlags } from '../../spec/flags.js';
import { arg, bool, choice, type GroupDef, list, switchFlag, text, verb } from '../../spec/spec.js';
import { REPO_SORTS, ISSUE_TYPES } from './choices.js';

const query = arg('<query>', 'what to look for');

const repos = verb({
  name: 'repos',
  summary: 'Search repositories by name (or topic)',
  args: { query },
  flags: {
    owner: text('--owner <owner>', "only this user's or organization's repositories"),
    topic: bool('--topic', 'QUERY is a topic: repositories tagged with it'),
    sort: choice('--sort <order>', 'stars, updated and created: most first; alpha: by name (the default)', REPO_SORTS),
    archived: switchFlag('--archived', 'only archived repositories'),
    noArchived: switchFlag('--no-archived', 'only repositories that are not archived'),
    ...listFlags,
  },
  output: true,
  examples: [
    'kettle search repos teapot',
    'kettle search repos tea --owner wonderland --sort stars',
    'kettle search repos kitchen --topic --no-archived',
    'kettle search repos tea --all --json --fields full_name,stars_count',
  ],
  load: () => import('./repos.js'),
});

const issues = verb({
  name: 'issues',
  summary: 'Search issues and pull requests in every repository you can see',
  args: { query },
  flags: {
    state: choice('-s, --state <state>', 'which to show', ['open', 'closed', 'all'] as const, 'open'),
    type: choice('--type <type>', 'only issues, or only pull requests', ISSUE_TYPES),
    label: list('-l, --label <name>', 'only those with this label (repeatable: any of them)'),
    owner: text('--owner <owner>', "only in this user's or organization's repositories"),
    ...listFlags,
  },
  output: true,
  examples: ['kettle search issues lid', 'kettle search issues "spout" --state all --type issue --label bug', 'kettle search issues tea --owner wonderland --type pr --json'],
  load: () => import('./issues.js'),
});

const users = verb({
  name: 'users',
  summary: 'Search users by name, full name or e-mail address',
  args: { query },
  flags: listFlags,
  output: true,
  examples: ['kettle search users ali', 'kettle search users bob --json --fields login,full_name'],
  load: () => import('./users.js'),
});

export const search = {
  name: 'search',
  summary: 'Search repositories, issues and pull requests, and users on the server',
  section: 'Inbox:',
  examples: ['kettle search repos teapot', 'kettle search issues "lid" --state all'],
  verbs: [repos, issues, users],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { issues, repos, users };
