// kettle issue create: definition.
import { bodyFlags, repoFlag, webFlag } from '../../../spec/flags.js';
import { list, text, verb } from '../../../spec/spec.js';

export const create = verb({
  name: 'create',
  aliases: ['new'],
  summary: 'Open an issue',
  flags: {
    ...repoFlag,
    title: text('-t, --title <text>', 'the title (asked for on a terminal when missing)'),
    ...bodyFlags,
    label: list('-l, --label <name>', 'a label by name or id; repeat it or separate values with commas'),
    assignee: list('-a, --assignee <user>', 'assign the issue to this user; repeat it or separate names with commas'),
    milestone: text('-m, --milestone <name>', 'the milestone, by title or number'),
    due: text('--due <date>', 'the due date (YYYY-MM-DD: the end of that day here, or ISO 8601)'),
    template: text(
      '-T, --template <name>',
      "one of the repository's issue templates, by name or file name: its text, or its form's fields, make the body; its title prefix, labels and assignees apply",
    ),
    field: list('--field <id=value>', "a form template's field (repeat it; one option of a dropdown or checkboxes each, by label or number)"),
    ...webFlag('the new-issue page, with --title and the body filled in'),
  },
  output: true,
  examples: [
    'kettle issue create -R alice/teapot --title "Lid rattles" --body "It rattles when the water boils."',
    'kettle issue create --title "Spout drips" --body-file notes.md --label bug,urgent --assignee bob',
    'kettle issue create --title "Whistle" --milestone v1.2 --due 2026-03-01',
    'echo "Found in 1.2" | kettle issue create --title "Handle too hot" --body-file -',
    'kettle issue create --web --title "Lid rattles"   # finish it in the browser',
    'kettle issue create --template "Bug report" --title "Lid rattles"',
    'kettle issue create -T bug --title "Lid rattles" --field version=1.2 --field area=CLI --field terms=1',
  ],
  load: () => import('../create.js'),
});
