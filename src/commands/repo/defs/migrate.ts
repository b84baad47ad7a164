// kettle repo migrate: definition.
import { arg, bool, choice, optionalArg, text, verb } from '../../../spec/spec.js';
import { SERVICES, ITEMS } from '../choices.js';

export const migrate = verb({
  name: 'migrate',
  summary: 'Copy (or mirror) a repository from another server onto this one',
  args: {
    cloneUrl: arg('<clone-url>', "the source's https clone address (a user name and password in it are sent as the source's credentials, never shown)"),
    name: optionalArg('[name]', "the new repository's name (default: the source's)"),
  },
  flags: {
    org: text('--org <org>', 'create it in this organization'),
    mirror: bool('--mirror', 'keep it a mirror that fetches from the source'),
    interval: text('--interval <duration>', 'with --mirror: how often it fetches, such as 8h or 30m (at least 10m; 0 never)'),
    private: bool('--private', 'make it private'),
    service: choice('--service <service>', 'what the source is (issues, pull requests and releases need one other than git)', SERVICES, 'git'),
    authTokenStdin: bool('--auth-token-stdin', 'read an access token for the source from standard input (on a terminal without it: asked for, hidden)'),
    with: text('--with <items>', `also copy these, comma-separated: ${ITEMS.join(',')}`),
    description: text('-d, --description <text>', 'a short description'),
  },
  output: true,
  examples: [
    'kettle repo migrate https://github.com/alice/teapot.git',
    'kettle repo migrate https://gitlab.com/alice/teapot.git kettle-teapot --org wonderland --private',
    'kettle repo migrate https://github.com/alice/teapot --service github --with issues,labels,releases --auth-token-stdin < token.txt',
    'kettle repo migrate https://codeberg.org/alice/teapot.git --mirror --interval 8h',
  ],
  notes:
    "\nThe server copies the repository while kettle waits (up to 10 minutes, or --timeout if longer), with the time so far shown on a terminal.\nThe source's token never goes on the command line: --auth-token-stdin, or a hidden question on a terminal when the source needs one.\n",
  load: () => import('../migrate.js'),
});
