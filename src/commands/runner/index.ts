// kettle runner: list, delete and register the Actions runners of a
// repository, an organization, your account or the whole instance.
import { listFlags, repoFlag, yesFlag } from '../../spec/flags.js';
import { arg, bool, type GroupDef, text, verb } from '../../spec/spec.js';

const scopeFlags = {
  ...repoFlag,
  org: text('--org <org>', "an organization's runners instead of a repository's"),
  user: bool('--user', "your account's runners instead of a repository's"),
  global: bool('--global', "the instance's own runners, which serve every repository (a site administrator's)"),
};

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the runners of a repository, an organization, your account or the instance',
  flags: { ...scopeFlags, ...listFlags },
  output: true,
  examples: ['kettle runner list -R alice/teapot', 'kettle runner list --org acme --json --fields id,name,status', 'kettle runner list --global'],
  notes: '\nRunners are listed through the API by Gitea 1.24 and later and Forgejo 15 and later; older releases show them on the web page only.\n',
  load: () => import('./list.js'),
});

const token = verb({
  name: 'token',
  summary: 'Print a registration token for a new runner (a secret: on standard output only)',
  flags: { ...scopeFlags },
  examples: ['kettle runner token -R alice/teapot > token.txt', 'kettle runner token --org acme         # then: act_runner register --instance URL --token TOKEN', 'kettle runner token --global'],
  notes:
    '\nThe runner takes it as `act_runner register --instance URL --token TOKEN` (Gitea) or `forgejo-runner register` (Forgejo before 15).\nThe token lets anyone who holds it register a runner: it is printed on standard output alone, never in a trace or an error.\nForgejo 15 and later register runners directly, without a registration token: there this says what the runner takes instead.\n',
  load: () => import('./token.js'),
});

const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a runner, asking first',
  args: { id: arg('<id>', "the runner's id (kettle runner list shows it)") },
  flags: { ...scopeFlags, ...yesFlag },
  examples: ['kettle runner delete 7 -R alice/teapot       # asks you to type the id', 'kettle runner delete 12 --org acme --yes', 'kettle runner delete 3 --global --yes'],
  load: () => import('./delete.js'),
});

export const runner = {
  name: 'runner',
  summary: 'List, register and delete Actions runners',
  section: 'Actions:',
  examples: ['kettle runner list -R alice/teapot', 'kettle runner token --org acme', 'kettle runner delete 7 -R alice/teapot --yes'],
  verbs: [list, token, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { del, list, token };
