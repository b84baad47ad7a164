// kettle login: add, list, choose and remove stored logins.
import { arg, bool, choice, type GroupDef, text, verb } from '../../spec/spec.js';
import { AUTH_METHODS, GIT_PROTOCOLS } from './choices.js';

const loginName = arg('<name>', 'the name of a stored login (see kettle login list)');

const add = verb({
  name: 'add',
  summary: 'Check credentials against a server and store them as a login',
  flags: {
    url: text('--url <url>', 'server URL: instance root, sub-path deployment, or API root ending in /api/v1'),
    name: text('--name <name>', "name for the login (default: the server's host)"),
    token: text('--token <token>', 'access token (prefer --with-token: the command line is visible to other users)'),
    withToken: bool('--with-token', 'read the access token from standard input'),
    user: text('--user <user>', 'user name, for HTTP Basic or to mint a token'),
    password: text('--password <password>', 'password for --user (asked for, hidden, when missing on a terminal)'),
    passwordStdin: bool('--password-stdin', 'read the password for --user from standard input'),
    otp: text('--otp <code>', 'with --user: the two-factor code, for an account that has two-factor authentication (asked for on a terminal when needed)'),
    auth: choice(
      '--auth <method>',
      'how requests carry the credential: header (Authorization: token, the default), query (the token query parameter: deprecated; Gitea 1.23 and Forgejo 11 still accept it unless DISABLE_QUERY_AUTH_TOKEN is set) or basic',
      AUTH_METHODS,
    ),
    insecure: bool('--insecure', 'skip TLS certificate checks for this login (self-signed test servers only; prefer NODE_EXTRA_CA_CERTS)'),
    gitProtocol: choice('--git-protocol <protocol>', 'how kettle repo clone reaches repositories', GIT_PROTOCOLS, 'https'),
  },
  examples: [
    'kettle login add --url https://git.example.com --with-token < token.txt',
    'kettle login add --url https://example.com/forge --name work --token "$TOKEN"',
    'kettle login add --url https://git.example.com --user alice   # asks for the password',
    'kettle login add --url https://git.example.com --user alice --password-stdin < password.txt',
    'kettle login add --url https://git.example.com --user alice --otp 123456   # two-factor account',
    'kettle login add --url http://127.0.0.1:3000 --token "$TOKEN" --auth query',
    'kettle login add --url https://127.0.0.1:3443 --name test --token "$TOKEN" --insecure',
    'kettle login add --url https://git.example.com --with-token --git-protocol ssh < token.txt',
  ],
  load: () => import('./add.js'),
});

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List stored logins (never their secrets)',
  output: true,
  examples: ['kettle login list', 'kettle login list --json'],
  load: () => import('./list.js'),
});

const defaultVerb = verb({
  name: 'default',
  summary: 'Make a stored login the default one',
  args: { name: loginName },
  examples: ['kettle login default work'],
  load: () => import('./default.js'),
});

const setupGit = verb({
  name: 'setup-git',
  summary: "Make git ask kettle for the logins' https credentials",
  examples: ['kettle login setup-git', 'kettle login setup-git --login work'],
  notes:
    "\nWith --login NAME only that stored login is set up. For each login it adds git's global\ncredential.<server URL>.helper (and useHttpPath for a login on a sub-path), keeping the helpers\nalready there; running it again changes nothing. The token stays in kettle's config: git receives\nit only when it asks for that server.\n",
  load: () => import('./setup-git.js'),
});

const gitCredential = verb({
  name: 'git-credential',
  summary: "git's credential-helper protocol (called by git, not by people)",
  // Not a closed choice: git tells helpers to ignore an operation they do not know.
  args: { operation: arg('<operation>', 'get, store or erase, as git passes it; store, erase and any other change nothing') },
  examples: ["printf 'protocol=https\\nhost=git.example.com\\n\\n' | kettle login git-credential get   # as git asks it"],
  notes:
    "\nget answers username= and password= (the token) when the protocol, host and path fall under a login's\nserver URL (the longest one wins; KETTLE_URL and KETTLE_TOKEN, or an Actions job, count as a login),\nand otherwise prints nothing and exits 0, so git asks its next helper.\n",
  load: () => import('./git-credential.js'),
});

const del = verb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Remove a stored login',
  args: { name: loginName },
  examples: ['kettle login delete work'],
  load: () => import('./delete.js'),
});

export const login = {
  name: 'login',
  summary: 'Add, list, choose and remove stored logins',
  section: 'Logins:',
  examples: ['kettle login add --url https://git.example.com --token TOKEN', 'kettle login list'],
  verbs: [add, list, defaultVerb, setupGit, gitCredential, del],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { add, defaultVerb, del, gitCredential, list, setupGit };
