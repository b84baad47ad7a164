// kettle issue edit: definition.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { bool, list, text, verb } from '../../../spec/spec.js';
import { numbers } from './shared.js';

export const edit = verb({
  name: 'edit',
  summary: 'Change the title, body, labels, assignees, milestone or due date of issues',
  args: { numbers },
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the new title'),
    ...bodyFlags,
    addLabel: list('--add-label <name>', 'add this label (repeat it, or separate names with commas)'),
    removeLabel: list('--remove-label <name>', 'remove this label'),
    addAssignee: list('--add-assignee <user>', 'assign this user too (@me: you)'),
    removeAssignee: list('--remove-assignee <user>', 'unassign this user (@me: you)'),
    milestone: text('-m, --milestone <name>', 'put the issue in this milestone (title or number)'),
    removeMilestone: bool('--remove-milestone', 'take the issue out of its milestone'),
    due: text('--due <date>', 'set the due date (YYYY-MM-DD: the end of that day here, or ISO 8601)'),
    removeDue: bool('--remove-due', 'remove the due date'),
  },
  output: true,
  examples: [
    'kettle issue edit 3 --title "Lid rattles at full boil"',
    'kettle issue edit 3 4 5 --add-label triaged --remove-label needs-info',
    'kettle issue edit 3 --add-assignee @me --milestone v1.2 --due 2026-03-01',
    'kettle issue edit 3 --body-file - < body.md',
  ],
  load: () => import('../edit.js'),
});
