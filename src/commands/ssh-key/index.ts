// kettle ssh-key: the logged-in user's SSH keys.
import { type ListFlags, listFlags, yesFlag } from '../../cli/flags.js';
import { bool, type GroupDef, optionalArg, text, variadicArg, verb } from '../../cli/spec.js';

export type ListOptions = ListFlags;

export interface AddOptions {
  file: string | undefined;
  title: string | undefined;
  readOnly: boolean;
}

export interface DeleteOptions {
  ids: string[];
  yes: boolean;
}

const list = verb({
  name: 'list',
  summary: 'List your SSH keys',
  aliases: ['ls'],
  flags: listFlags,
  output: true,
  examples: ['kettle ssh-key list', 'kettle ssh-key list --json --fields id,title,fingerprint'],
  load: () => import('./list.js'),
});

const add = verb({
  name: 'add',
  summary: 'Add an SSH public key to your account',
  args: { file: optionalArg('[file]', 'the public key file (- for standard input; none on a terminal: pick one of ~/.ssh/*.pub)') },
  flags: {
    title: text('-t, --title <text>', "the key's title (default: the key's comment)"),
    readOnly: bool('--read-only', 'a key without write access: refused before sending, since Gitea and Forgejo give account keys write access always'),
  },
  output: true,
  examples: ['kettle ssh-key add ~/.ssh/id_ed25519.pub', 'kettle ssh-key add             # on a terminal: pick one of ~/.ssh/*.pub', 'ssh-add -L | head -1 | kettle ssh-key add - --title laptop'],
  notes: '\nA private key given by mistake is refused before anything is sent, and never shown. A key you have already added changes nothing: a note, exit 0.\n',
  load: () => import('./add.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete SSH keys from your account (asks first)',
  aliases: ['rm'],
  args: { ids: variadicArg('<id...>', 'the key ids (see kettle ssh-key list)') },
  flags: yesFlag,
  examples: ['kettle ssh-key delete 12', 'kettle ssh-key delete 12 13 --yes   # in scripts: no question'],
  load: () => import('./delete.js'),
});

export const sshKey: GroupDef = {
  name: 'ssh-key',
  summary: 'List, add and delete your SSH keys',
  section: 'Keys:',
  examples: ['kettle ssh-key list', 'kettle ssh-key add ~/.ssh/id_ed25519.pub', 'kettle ssh-key delete 12'],
  verbs: [list, add, del],
};
