// kettle milestone: list, view, create, edit, close, reopen and delete a repository's milestones.
import { listFlags, repoFlag, stateFlag, yesFlag } from '../../spec/flags.js';
import { arg, type GroupDef, text, verb } from '../../spec/spec.js';

const milestone = arg('<milestone>', 'the milestone, by title or number');
const description = text('-d, --description <text>', 'what the milestone is for');
const due = text('--due <date>', 'the due date (YYYY-MM-DD: the end of that day here, or ISO 8601)');

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's milestones with their open and closed issues",
  flags: { ...repoFlag, ...listFlags, ...stateFlag },
  output: true,
  examples: ['kettle milestone list -R alice/teapot', 'kettle milestone list --state all --json'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show a milestone',
  args: { milestone },
  flags: repoFlag,
  output: true,
  examples: ['kettle milestone view v1.2', 'kettle milestone view 4 --json'],
  load: () => import('./view.js'),
});

const create = verb({
  name: 'create',
  summary: 'Create a milestone',
  args: { title: arg('<title>', 'the title') },
  flags: { ...repoFlag, description, due },
  output: true,
  examples: ['kettle milestone create v1.2 --due 2026-03-01', 'kettle milestone create "Spring clean" --description "Small fixes"'],
  load: () => import('./create.js'),
});

const edit = verb({
  name: 'edit',
  summary: 'Change the title, description or due date of a milestone',
  args: { milestone },
  flags: { ...repoFlag, title: text('-t, --title <text>', 'the new title'), description, due },
  output: true,
  examples: ['kettle milestone edit v1.2 --due 2026-04-01', 'kettle milestone edit 4 --title v1.3'],
  load: () => import('./edit.js'),
});

const close = verb({
  name: 'close',
  summary: 'Close a milestone',
  args: { milestone },
  flags: repoFlag,
  output: true,
  examples: ['kettle milestone close v1.2'],
  load: () => import('./close.js'),
});

const reopen = verb({
  name: 'reopen',
  summary: 'Reopen a closed milestone',
  args: { milestone },
  flags: repoFlag,
  output: true,
  examples: ['kettle milestone reopen v1.2'],
  load: () => import('./reopen.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete a milestone (its issues stay, without a milestone)',
  args: { milestone },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle milestone delete v1.0          # asks you to type the title', 'kettle milestone delete v1.0 --yes'],
  load: () => import('./delete.js'),
});

export const milestoneGroup = {
  name: 'milestone',
  summary: 'List, view, create, edit, close, reopen and delete milestones',
  section: 'Milestones:',
  examples: ['kettle milestone list -R alice/teapot', 'kettle milestone create v1.2 --due 2026-03-01'],
  verbs: [list, view, create, edit, close, reopen, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { close, create, del, edit, list, reopen, view };
