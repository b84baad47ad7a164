// kettle repo rename / repo transfer: definitions.
import { yesFlag } from '../../../spec/flags.js';
import { bool, list, optionalArg, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';

const updateRemote = {
  updateRemote: bool('--update-remote', 'point the git remote of the current directory at the new address without asking (scripts)'),
};

export const rename = verb({
  name: 'rename',
  summary: 'Rename a repository (and the git remote that pointed at it)',
  args: {
    ownerName: optionalArg('[owner/name]', `${OWNER_NAME}; given alone, the new name`),
    newName: optionalArg('[new-name]', 'its new name (the owner stays); required'),
  },
  flags: updateRemote,
  examples: ['kettle repo rename alice/teapot kettle', 'kettle repo rename kettle                # the repository of the current git remote', 'kettle repo rename kettle --update-remote'],
  notes:
    '\nWith one argument it is the new name, and the repository is the one of the current git remote. The old address redirects to the new one on the server; a git remote of the current directory that named the old address is updated (asked on a terminal; in scripts only with --update-remote).\n',
  load: () => import('../rename.js'),
});

export const transfer = verb({
  name: 'transfer',
  summary: 'Give a repository to another user or an organization',
  args: {
    ownerName: optionalArg('[owner/name]', `${OWNER_NAME}; given alone, the new owner`),
    newOwner: optionalArg('[new-owner]', 'the user or organization to give it to; required'),
  },
  flags: {
    team: list('--team <team>', 'a team of the new organization to get access to it (repeatable)'),
    ...yesFlag,
    ...updateRemote,
  },
  examples: ['kettle repo transfer alice/teapot wonderland --team cooks', 'kettle repo transfer wonderland --yes   # the repository of the current git remote'],
  notes:
    '\nAn organization takes it at once; a user may first have to accept it (kettle says which happened). A git remote of the current directory that named the old address is updated as by repo rename.\n',
  load: () => import('../transfer.js'),
});
