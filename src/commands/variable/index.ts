// kettle variable: list, read, set and delete the Actions variables of a repository, an organization or your account.
import { listFlags, repoFlag, yesFlag } from '../../spec/flags.js';
import { arg, bool, type GroupDef, text, verb } from '../../spec/spec.js';

const scopeFlags = {
  ...repoFlag,
  org: text('--org <org>', "an organization's variables instead of a repository's"),
  user: bool('--user', "your account's variables instead of a repository's"),
};
const name = arg('<name>', "the variable's name: letters, digits and _ (stored in upper case)");

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List variables and their values',
  flags: { ...scopeFlags, ...listFlags },
  output: true,
  examples: ['kettle variable list -R alice/teapot', 'kettle variable list --org acme --json --jq ".[].name"'],
  load: () => import('./list.js'),
});

const get = verb({
  name: 'get',
  summary: "Print a variable's value",
  args: { name },
  flags: scopeFlags,
  output: true,
  examples: ['kettle variable get REGISTRY -R alice/teapot', 'kettle variable get REGISTRY --user --json'],
  load: () => import('./get.js'),
});

const set = verb({
  name: 'set',
  summary: 'Create a variable, or change its value',
  args: { name, value: arg('<value>', 'the value (not secret: use kettle secret set for that)') },
  flags: scopeFlags,
  examples: ['kettle variable set REGISTRY registry.example.com -R alice/teapot', 'kettle variable set DEPLOY_ENV staging --org acme', 'kettle variable set EDITOR_THEME dark --user'],
  notes: '\nNames: letters, digits and _, not starting with a digit, GITEA_, GITHUB_ or FORGEJO_.\n',
  load: () => import('./set.js'),
});

const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a variable, asking first',
  args: { name },
  flags: { ...scopeFlags, ...yesFlag },
  examples: ['kettle variable delete REGISTRY -R alice/teapot      # asks you to type the name', 'kettle variable delete DEPLOY_ENV --org acme --yes'],
  load: () => import('./delete.js'),
});

export const variable = {
  name: 'variable',
  summary: 'List, read, set and delete Actions variables',
  section: 'Actions:',
  examples: ['kettle variable list -R alice/teapot', 'kettle variable set REGISTRY registry.example.com', 'kettle variable get REGISTRY'],
  verbs: [list, get, set, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { del, get, list, set };
