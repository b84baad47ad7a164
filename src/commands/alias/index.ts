// kettle alias: list, set and delete aliases, words that stand for a command
// line (`kettle alias set co 'pr checkout'`, then `kettle co 5`).
import { arg, bool, type GroupDef, verb } from '../../spec/spec.js';

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the aliases and what each expands to',
  output: true,
  examples: ['kettle alias list', 'kettle alias list --json'],
  load: () => import('./list.js'),
});

const set = verb({
  name: 'set',
  summary: 'Make a word stand for a command line ($1, $2… take its arguments; the rest are appended)',
  args: { name: arg('<name>', 'the alias: a word that is no command'), expansion: arg('<expansion>', 'what it stands for: kettle words, or with --shell (or a leading !) a sh -c script') },
  flags: { shell: bool('--shell', 'run the expansion with sh -c, its arguments as $1, $2… and "$@"') },
  examples: [
    "kettle alias set co 'pr checkout'                      # then: kettle co 5",
    "kettle alias set bugs 'issue list --label bug --state $1'   # kettle bugs closed",
    "kettle alias set mine --shell 'kettle issue list --json | jq length'",
  ],
  notes: `
An alias may not shadow a command, and an expansion's first word must be a
command or another alias; a chain of aliases that comes back to itself is
refused.
`,
  load: () => import('./set.js'),
});

const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete an alias',
  args: { name: arg('<name>', 'the alias') },
  examples: ['kettle alias delete co'],
  load: () => import('./delete.js'),
});

export const alias = {
  name: 'alias',
  summary: 'List, set and delete aliases: words that stand for a command line',
  section: 'Other:',
  examples: ["kettle alias set co 'pr checkout'", 'kettle alias list'],
  verbs: [list, set, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { del, list, set };
