// kettle repo collaborator list / add / remove: definitions.
import { listFlags, repoFlag } from '../../../spec/flags.js';
import { arg, choice, optionalArg, type SubGroupDef, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';
import { PERMISSIONS } from '../choices.js';

const list = verb({
  name: 'list',
  summary: "List a repository's collaborators",
  aliases: ['ls'],
  args: { ownerName: optionalArg('[owner/name]', OWNER_NAME) },
  flags: { ...repoFlag, ...listFlags },
  output: true,
  examples: ['kettle repo collaborator list alice/teapot', 'kettle repo collaborator list --json --fields login'],
  load: async () => ({ run: (await import('../collaborator.js')).runList }),
});

const add = verb({
  name: 'add',
  summary: "Add a collaborator, or change a collaborator's permission",
  args: { user: arg('<user>', 'the user name') },
  flags: { ...repoFlag, permission: choice('-p, --permission <permission>', 'what the collaborator may do', PERMISSIONS, 'write') },
  examples: [
    'kettle repo collaborator add bob -R alice/teapot',
    'kettle repo collaborator add carol --permission read',
    'kettle repo collaborator add bob --permission admin   # changes his permission',
  ],
  notes: '\nAdding a collaborator who already has that permission changes nothing: a note, exit 0.\n',
  load: async () => ({ run: (await import('../collaborator.js')).runAdd }),
});

const remove = verb({
  name: 'remove',
  summary: 'Remove a collaborator',
  aliases: ['rm'],
  args: { user: arg('<user>', 'the user name') },
  flags: repoFlag,
  examples: ['kettle repo collaborator remove bob -R alice/teapot'],
  notes: '\nRemoving a user who is not a collaborator changes nothing: a note, exit 0.\n',
  load: async () => ({ run: (await import('../collaborator.js')).runRemove }),
});

export const collaborator = {
  name: 'collaborator',
  summary: "List, add and remove a repository's collaborators",
  examples: ['kettle repo collaborator list', 'kettle repo collaborator add bob --permission read', 'kettle repo collaborator remove bob'],
  verbs: [list, add, remove],
} satisfies SubGroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { add, list, remove };
