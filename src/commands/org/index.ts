// kettle org: list, view, create and delete organizations.
import { listFlags, yesFlag } from '../../spec/flags.js';
import { arg, type GroupDef, text, verb } from '../../spec/spec.js';

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List your organizations',
  flags: listFlags,
  output: true,
  examples: ['kettle org list', 'kettle org list --json'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show an organization',
  args: { org: arg('<org>', 'the organization name, such as wonderland') },
  output: true,
  examples: ['kettle org view wonderland', 'kettle org view wonderland --json'],
  load: () => import('./view.js'),
});

const create = verb({
  name: 'create',
  summary: 'Create an organization',
  args: { name: arg('<name>', 'the name of the new organization') },
  flags: { fullName: text('--full-name <text>', 'the display name') },
  output: true,
  examples: ['kettle org create wonderland', 'kettle org create wonderland --full-name "Wonderland Tea Co."'],
  load: () => import('./create.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete an organization (asks you to type its name)',
  args: { org: arg('<org>', 'the organization name, such as wonderland') },
  flags: yesFlag,
  examples: ['kettle org delete old-team', 'kettle org delete old-team --yes   # in scripts: no question'],
  notes: '\nThe servers refuse while the organization still owns repositories: delete or transfer them first.\n',
  load: () => import('./delete.js'),
});

export const org = {
  name: 'org',
  summary: 'List, view, create and delete organizations',
  section: 'Organizations:',
  examples: ['kettle org list', 'kettle org view wonderland'],
  verbs: [list, view, create, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { create, del, list, view };
