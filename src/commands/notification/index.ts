// kettle notification: the inbox of one server, listed and marked read.
import { listFlags } from '../../spec/flags.js';
import { bool, choice, type GroupDef, text, variadicArg, verb } from '../../spec/spec.js';
import { SUBJECT_TYPES } from './choices.js';

/** The inbox is the user's, not a repository's: -R narrows it, and no git remote does. */
const repoFlag = {
  repo: text('-R, --repo <owner/name>', "only this repository's threads: OWNER/NAME, HOST/OWNER/NAME or its web URL (default: every repository)"),
};

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List notification threads (unread ones unless told otherwise)',
  flags: {
    ...listFlags,
    unread: bool('--unread', 'unread threads (the default)'),
    read: bool('--read', 'threads already read'),
    pinned: bool('--pinned', 'pinned threads'),
    type: choice('--type <type>', 'only threads about this kind of subject', SUBJECT_TYPES),
    ...repoFlag,
  },
  output: true,
  examples: [
    'kettle notification list',
    'kettle notification list --pinned',
    'kettle notification list --type pull -R alice/teapot',
    'kettle notification list --read --all --json --fields id,subject.title',
    'kettle notification list --unread --read --pinned --limit 100   # every thread',
  ],
  notes: '\n--unread, --read and --pinned may be combined (all three: every thread). -R narrows the list to one repository.\n',
  load: () => import('./list.js'),
});

const read = verb({
  name: 'read',
  summary: 'Mark notification threads read: the ones named, or with --all every unread one',
  args: { ids: variadicArg('[thread-id...]', 'the ids of the threads (the ID column of kettle notification list)') },
  flags: {
    all: bool('--all', 'every unread thread (of the repository given with -R)'),
    ...repoFlag,
  },
  output: true,
  examples: ['kettle notification read 12 14', 'kettle notification read --all', 'kettle notification read --all -R alice/teapot'],
  notes: '\nPinned threads stay pinned with --all; a thread already read is left as it is, with a note.\n',
  load: () => import('./read.js'),
});

export const notification = {
  name: 'notification',
  aliases: ['notifications'],
  summary: 'List your notifications and mark them read',
  section: 'Inbox:',
  examples: ['kettle notification list', 'kettle notification read --all'],
  verbs: [list, read],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { list, read };
