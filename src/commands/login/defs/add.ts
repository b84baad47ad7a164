// kettle login add: definition.
import { bool, choice, text, verb } from '../../../spec/spec.js';
import { AUTH_METHODS, GIT_PROTOCOLS } from '../choices.js';

export const add = verb({
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
    insecureStorage: bool('--insecure-storage', "keep the token (or password) in kettle's config file (mode 0600) instead of the system keyring"),
    gitProtocol: choice('--git-protocol <protocol>', 'how kettle repo clone reaches repositories', GIT_PROTOCOLS, 'https'),
    web: bool('--web', 'log in in the browser (OAuth2 with PKCE); the token is renewed with its refresh token when it expires'),
    clientId: text('--client-id <id>', "with --web: the client id of the server's OAuth2 application (default: the oauth_client_id setting for the host)"),
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
    'kettle login add --url https://git.example.com --with-token --insecure-storage < token.txt   # no keyring: the config file',
    'kettle login add --url https://git.example.com --web --client-id 3f1c…   # in the browser',
    'kettle config set oauth_client_id 3f1c… --host git.example.com && kettle login add --url https://git.example.com --web',
  ],
  notes:
    '\nThe token (or a password) goes to the system keyring: the Secret Service on Linux (GNOME Keyring,\nKWallet), the Keychain on macOS, the Credential Manager on Windows; the config file keeps only where\nto find it. Where no keyring answers within a few seconds, it goes to the config file (mode 0600),\nand kettle says so. --insecure-storage asks for the config file.\n' +
    '\n--web needs an OAuth2 application on the server (Settings, Applications: redirect URI\nhttp://127.0.0.1, "Confidential client" off); kettle listens on 127.0.0.1 for the browser\'s answer.\nWithout a display (SSH), it prints the address to open and asks for the address the browser was\nsent to. It waits 5 minutes at most (KETTLE_WEB_LOGIN_TIMEOUT, in seconds).\n',
  load: () => import('../add.js'),
});
