// kettle label: list, create, edit and delete a repository's labels.
import { listFlags, repoFlag, yesFlag } from '../../spec/flags.js';
import { arg, bool, type GroupDef, text, verb } from '../../spec/spec.js';

const label = arg('<name>', 'the label, by name (or id)');
const color = text('-c, --color <hex>', 'the colour, as #rrggbb or rrggbb');
const description = text('-d, --description <text>', 'what the label means');

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's labels",
  flags: { ...repoFlag, ...listFlags },
  output: true,
  examples: ['kettle label list -R alice/teapot', 'kettle label list --all --json --fields name,color'],
  load: () => import('./list.js'),
});

const create = verb({
  name: 'create',
  summary: 'Create a label',
  args: { name: arg('<name>', "the new label's name") },
  flags: { ...repoFlag, color, description, exclusive: bool('--exclusive', 'scoped: an issue can carry only one label of its scope (scope/name)') },
  output: true,
  examples: ['kettle label create bug --color d73a4a --description "Something is broken"', 'kettle label create priority/high --color "#b60205" --exclusive'],
  load: () => import('./create.js'),
});

const edit = verb({
  name: 'edit',
  summary: 'Rename a label or change its colour or description',
  args: { label },
  flags: {
    ...repoFlag,
    name: text('-n, --name <new>', 'the new name'),
    color,
    description,
    exclusive: bool('--exclusive', 'make it exclusive within its scope'),
    notExclusive: bool('--not-exclusive', 'make it an ordinary label again'),
  },
  output: true,
  examples: ['kettle label edit bug --name defect', 'kettle label edit bug --color ee0701 --description "Broken"'],
  load: () => import('./edit.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete a label (it comes off every issue)',
  args: { label },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle label delete wontfix -R alice/teapot     # asks you to type the name', 'kettle label delete wontfix --yes'],
  load: () => import('./delete.js'),
});

export const labelGroup = {
  name: 'label',
  summary: 'List, create, edit and delete labels',
  section: 'Labels:',
  examples: ['kettle label list -R alice/teapot', 'kettle label create bug --color d73a4a'],
  verbs: [list, create, edit, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { create, del, edit, list };
