// kettle secret: list, set and delete the Actions secrets of a repository, an organization or your account.
import { listFlags, repoFlag, yesFlag } from '../../spec/flags.js';
import { arg, bool, type GroupDef, text, verb } from '../../spec/spec.js';

const scopeFlags = {
  ...repoFlag,
  org: text('--org <org>', "an organization's secrets instead of a repository's"),
  user: bool('--user', "your account's secrets instead of a repository's"),
};
const name = arg('<name>', "the secret's name: letters, digits and _ (stored in upper case)");

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's or organization's secrets (names and dates; values are never shown)",
  flags: { ...scopeFlags, ...listFlags },
  output: true,
  examples: ['kettle secret list -R alice/teapot', 'kettle secret list --org acme --json --fields name,created_at'],
  notes: "\nNo server lists your account's secrets: with --user this says so and exits 1.\n",
  load: () => import('./list.js'),
});

const set = verb({
  name: 'set',
  summary: 'Create or replace a secret (its value from a file, standard input or a hidden prompt)',
  args: { name },
  excess: "a secret's value is never taken from the command line, where other users of the machine can read it: use --body-file FILE, pipe it in, or type it at the prompt",
  flags: {
    ...scopeFlags,
    bodyFile: text('-F, --body-file <file>', 'read the value from a file (- for standard input); trailing line breaks are dropped'),
  },
  examples: [
    'kettle secret set DEPLOY_TOKEN                        # on a terminal: asks, without echoing',
    'kettle secret set DEPLOY_KEY --body-file key.pem -R alice/teapot',
    'printf %s "$TOKEN" | kettle secret set REGISTRY_TOKEN --org acme',
    'kettle secret set NPM_TOKEN --user --body-file - < token.txt',
  ],
  notes:
    '\nThe value is never taken from the command line, where other users could read it. From a file or standard input, trailing line breaks (\\n, \\r\\n) are dropped, as `gh secret set` does; at the prompt it is kept as typed.\nNames: letters, digits and _, not starting with a digit, GITEA_, GITHUB_ or FORGEJO_.\n',
  load: () => import('./set.js'),
});

const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a secret, asking first',
  args: { name },
  flags: { ...scopeFlags, ...yesFlag },
  examples: ['kettle secret delete DEPLOY_KEY -R alice/teapot      # asks you to type the name', 'kettle secret delete REGISTRY_TOKEN --org acme --yes'],
  load: () => import('./delete.js'),
});

export const secret = {
  name: 'secret',
  summary: 'List, set and delete Actions secrets',
  section: 'Actions:',
  examples: ['kettle secret list -R alice/teapot', 'kettle secret set DEPLOY_KEY --body-file key.pem', 'kettle secret delete DEPLOY_KEY --yes'],
  verbs: [list, set, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { del, list, set };
