// kettle workflow: a repository's Actions workflows: list, view, enable,
// disable, and run one that has a workflow_dispatch trigger.
import { repoFlag, seconds } from '../../spec/flags.js';
import { arg, bool, type GroupDef, list as many, parsed, text, verb } from '../../spec/spec.js';

const fileArg = { file: arg('<file>', 'the workflow file, as in .gitea/workflows/FILE (ci.yml)') };

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's workflows: file, name and state",
  flags: repoFlag,
  output: true,
  examples: ['kettle workflow list -R alice/teapot', 'kettle workflow list --json --fields id,state'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show a workflow: its file, name, state and the inputs workflow_dispatch takes',
  args: fileArg,
  flags: repoFlag,
  output: true,
  examples: ['kettle workflow view deploy.yml', 'kettle workflow view ci.yml --json'],
  load: () => import('./view.js'),
});

const enable = verb({
  name: 'enable',
  summary: 'Enable a workflow that was disabled',
  args: fileArg,
  flags: repoFlag,
  examples: ['kettle workflow enable nightly.yml'],
  load: () => import('./enable.js'),
});

const disable = verb({
  name: 'disable',
  summary: 'Disable a workflow: no new runs until it is enabled again',
  args: fileArg,
  flags: repoFlag,
  examples: ['kettle workflow disable nightly.yml'],
  load: () => import('./disable.js'),
});

const runVerb = verb({
  name: 'run',
  summary: 'Start a workflow_dispatch workflow and print the run it started',
  args: fileArg,
  flags: {
    ...repoFlag,
    ref: text('-r, --ref <ref>', 'the branch or tag to run it on (default: the default branch)'),
    field: many('-f, --field <key=value>', 'an input of the workflow (repeat for more)'),
    watch: bool('--watch', 'then follow the run as kettle run watch does, and exit as it does'),
    interval: parsed('-i, --interval <seconds>', 'with --watch: seconds between refreshes (default 3)', seconds('--interval')),
  },
  examples: ['kettle workflow run deploy.yml -f target=staging', 'kettle workflow run deploy.yml --ref v1.2.0 -f target=production --watch', 'kettle workflow run nightly.yml --watch && echo green'],
  notes:
    "\nThe inputs are checked against the workflow file's workflow_dispatch inputs before anything is sent:\nan unknown input or a required one left out is exit 2. The run is the one the server names, or else\nthe newest workflow_dispatch run of that workflow and ref that shows after the dispatch.\n",
  load: () => import('./run.js'),
});

export const workflow = {
  name: 'workflow',
  summary: 'List, view, enable, disable and run Actions workflows',
  section: 'Actions:',
  examples: ['kettle workflow list', 'kettle workflow run deploy.yml -f target=staging --watch'],
  verbs: [list, view, enable, disable, runVerb],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { disable, enable, list, runVerb, view };
