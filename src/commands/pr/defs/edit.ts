// kettle pr edit: definition.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { arg, bool, list, text, verb } from '../../../spec/spec.js';

export const edit = verb({
  name: 'edit',
  summary: 'Change a pull request: title, body, base, labels, assignees, reviewers, milestone',
  args: { number: arg('<number>', 'the pull request number or web URL') },
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the new title'),
    ...bodyFlags,
    base: text('-B, --base <branch>', 'the new base branch'),
    addLabel: list('--add-label <name>', 'add a label by name (repeatable)'),
    removeLabel: list('--remove-label <name>', 'remove a label by name (repeatable)'),
    addAssignee: list('--add-assignee <user>', 'add an assignee (repeatable)'),
    removeAssignee: list('--remove-assignee <user>', 'remove an assignee (repeatable)'),
    addReviewer: list('--add-reviewer <user>', 'request a review (repeatable)'),
    milestone: text('-m, --milestone <name>', 'the milestone, by name or number'),
    removeMilestone: bool('--remove-milestone', 'take it out of its milestone'),
  },
  output: true,
  examples: ['kettle pr edit 7 --title "Quieter lid"', 'kettle pr edit 7 --add-label bug --remove-label wip --add-reviewer carol', 'kettle pr edit 7 --milestone v1.2'],
  load: () => import('../edit.js'),
});
