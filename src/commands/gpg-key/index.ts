// kettle gpg-key: the logged-in user's GPG keys.
import { listFlags, yesFlag } from '../../spec/flags.js';
import { type GroupDef, optionalArg, variadicArg, verb } from '../../spec/spec.js';

const list = verb({
  name: 'list',
  summary: 'List your GPG keys',
  aliases: ['ls'],
  flags: listFlags,
  output: true,
  examples: ['kettle gpg-key list', 'kettle gpg-key list --json --fields id,key_id,emails'],
  load: () => import('./list.js'),
});

const add = verb({
  name: 'add',
  summary: 'Add a GPG public key to your account',
  args: { file: optionalArg('[file]', 'the armored public key (- or none: standard input when it is not a terminal)') },
  output: true,
  examples: ['kettle gpg-key add alice.asc', 'gpg --armor --export alice@example.com | kettle gpg-key add -'],
  notes:
    '\nThe servers take a key when one of its e-mail addresses is a verified address of your account. A private key given by mistake is refused before anything is sent, and never shown. A key you have already added changes nothing: a note, exit 0.\n',
  load: () => import('./add.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete GPG keys from your account (asks first)',
  aliases: ['rm'],
  args: { ids: variadicArg('<id...>', 'the key ids, the numbers in the ID column of kettle gpg-key list') },
  flags: yesFlag,
  examples: ['kettle gpg-key delete 7', 'kettle gpg-key delete 7 8 --yes   # in scripts: no question'],
  load: () => import('./delete.js'),
});

export const gpgKey = {
  name: 'gpg-key',
  summary: 'List, add and delete your GPG keys',
  section: 'Keys:',
  examples: ['kettle gpg-key list', 'kettle gpg-key add alice.asc', 'kettle gpg-key delete 7'],
  verbs: [list, add, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { add, del, list };
