// kettle org: list, view, create and delete organizations.
import { listFlags, yesFlag } from '../../spec/flags.js';
import { arg, type GroupDef, type SubGroupDef, text, verb } from '../../spec/spec.js';

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

const memberList = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List an organization's members",
  args: { org: arg('<org>', 'the organization name, such as wonderland') },
  flags: listFlags,
  output: true,
  examples: ['kettle org member list wonderland', 'kettle org member list wonderland --all --json --jq ".[].login"'],
  notes: '\nA member of the organization sees every member; anyone else only those who made their membership public.\n',
  load: async () => ({ run: (await import('./member.js')).runList }),
});

const memberRemove = verb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Remove a user from an organization (from all its teams; asks you to type the login)',
  args: { org: arg('<org>', 'the organization name, such as wonderland'), user: arg('<user>', 'the member, by login') },
  flags: yesFlag,
  examples: ['kettle org member remove wonderland bob', 'kettle org member remove wonderland bob --yes'],
  load: async () => ({ run: (await import('./member.js')).runRemove }),
});

const member = {
  name: 'member',
  summary: "List an organization's members, and remove one",
  examples: ['kettle org member list wonderland', 'kettle org member remove wonderland bob'],
  verbs: [memberList, memberRemove],
} satisfies SubGroupDef;

export const org = {
  name: 'org',
  summary: 'List, view, create and delete organizations; list and remove their members',
  section: 'Organizations:',
  examples: ['kettle org list', 'kettle org view wonderland'],
  verbs: [list, view, create, del, member],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { create, del, list, memberList, memberRemove, view };
