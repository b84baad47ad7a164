// kettle ssh-key: the logged-in user's SSH keys, or with -R a repository's deploy keys.
import { listFlags, yesFlag } from '../../spec/flags.js';
import { bool, type GroupDef, optionalArg, text, variadicArg, verb } from '../../spec/spec.js';

const deployRepo = {
  repo: text('-R, --repo <owner/name>', "a repository: its deploy keys instead of your account's keys"),
};

const list = verb({
  name: 'list',
  summary: "List your SSH keys (or a repository's deploy keys)",
  aliases: ['ls'],
  flags: { ...listFlags, ...deployRepo },
  output: true,
  examples: ['kettle ssh-key list', 'kettle ssh-key list --json --fields id,title,fingerprint', 'kettle ssh-key list -R alice/teapot   # its deploy keys'],
  load: () => import('./list.js'),
});

const add = verb({
  name: 'add',
  summary: "Add an SSH public key to your account (or as a repository's deploy key)",
  args: { file: optionalArg('[file]', 'the public key file (- for standard input; none on a terminal: pick one of ~/.ssh/*.pub)') },
  flags: {
    title: text('-t, --title <text>', "the key's title (default: the key's comment)"),
    readOnly: bool('--read-only', "a deploy key that can only read: of -R's repository, or the git remote's (an account's keys can always write)"),
    ...deployRepo,
  },
  output: true,
  examples: [
    'kettle ssh-key add ~/.ssh/id_ed25519.pub',
    'kettle ssh-key add             # on a terminal: pick one of ~/.ssh/*.pub',
    'ssh-add -L | head -1 | kettle ssh-key add - --title laptop',
    'kettle ssh-key add ci.pub --read-only -R alice/teapot   # a read-only deploy key',
  ],
  notes: '\nA private key given by mistake is refused before anything is sent, and never shown. A key you have already added changes nothing: a note, exit 0.\n',
  load: () => import('./add.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete SSH keys from your account (or deploy keys), asking first',
  aliases: ['rm'],
  args: { ids: variadicArg('<id...>', 'the key ids (see kettle ssh-key list)') },
  flags: { ...yesFlag, ...deployRepo },
  examples: ['kettle ssh-key delete 12', 'kettle ssh-key delete 12 13 --yes   # in scripts: no question', 'kettle ssh-key delete 4 -R alice/teapot --yes   # a deploy key'],
  load: () => import('./delete.js'),
});

export const sshKey = {
  name: 'ssh-key',
  summary: "List, add and delete your SSH keys and repositories' deploy keys",
  section: 'Keys:',
  examples: ['kettle ssh-key list', 'kettle ssh-key add ~/.ssh/id_ed25519.pub', 'kettle ssh-key delete 12'],
  verbs: [list, add, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { add, del, list };
