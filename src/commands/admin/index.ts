// kettle admin: site administration (users, organizations, scheduled tasks).
// Every verb needs a site administrator; the servers answer anyone else 403.
import { listFlags } from '../../spec/flags.js';
import { arg, bool, choice, type GroupDef, type SubGroupDef, switchFlag, text, variadicArg, verb } from '../../spec/spec.js';
import { VISIBILITIES } from './choices.js';

const ADMIN_ONLY = '\nNeeds a site administrator: the server refuses anyone else.\n';

const userList = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List every user account on the server',
  flags: listFlags,
  output: true,
  examples: ['kettle admin user list', 'kettle admin user list --all --json --fields login,email,is_admin'],
  notes: ADMIN_ONLY,
  load: async () => ({ run: (await import('./user.js')).runList }),
});

const userCreate = verb({
  name: 'create',
  summary: 'Create a user account (the password from standard input or a hidden prompt)',
  args: { login: arg('<login>', 'the new user name') },
  flags: {
    email: text('--email <address>', 'the e-mail address (required)'),
    fullName: text('--full-name <text>', 'the display name'),
    passwordStdin: bool('--password-stdin', 'read the password from standard input'),
    mustChangePassword: switchFlag('--must-change-password', 'make the user choose a new password at first sign-in (the servers do by default)'),
    noMustChangePassword: switchFlag('--no-must-change-password', 'let the user keep this password'),
    restricted: bool('--restricted', 'a restricted account: sees only what it is explicitly given'),
    visibility: choice('--visibility <visibility>', "who may see the user's profile", VISIBILITIES),
    sendNotify: bool('--send-notify', 'e-mail the user that the account exists'),
  },
  output: true,
  examples: [
    'kettle admin user create bob --email bob@example.com          # asks for the password, hidden',
    'printf %s "$PW" | kettle admin user create bob --email bob@example.com --password-stdin',
    'kettle admin user create ci-bot --email ci@example.com --password-stdin --no-must-change-password < pw.txt',
  ],
  notes: `\nThe password is never taken from the command line: --password-stdin, or a hidden prompt on a terminal.\nThe servers make a new user change it at first sign-in unless --no-must-change-password is given.\n${ADMIN_ONLY}`,
  load: async () => ({ run: (await import('./user.js')).runCreate }),
});

const userEdit = verb({
  name: 'edit',
  summary: 'Change a user account (only what is given)',
  args: { login: arg('<login>', 'the user name') },
  flags: {
    email: text('--email <address>', 'the primary e-mail address'),
    fullName: text('--full-name <text>', 'the display name ("" clears it)'),
    passwordStdin: bool('--password-stdin', 'a new password, read from standard input'),
    mustChangePassword: switchFlag('--must-change-password', 'make the user choose a new password at next sign-in'),
    noMustChangePassword: switchFlag('--no-must-change-password', 'no longer ask for a new password'),
    admin: switchFlag('--admin', 'make the user a site administrator'),
    noAdmin: switchFlag('--no-admin', 'take site administration away'),
    active: bool('--active', 'activate the account'),
    inactive: bool('--inactive', 'deactivate the account'),
    prohibitLogin: bool('--prohibit-login', 'forbid the user to sign in'),
    allowLogin: bool('--allow-login', 'let the user sign in again'),
    restricted: bool('--restricted', 'restrict the account'),
    unrestricted: bool('--unrestricted', 'lift the restriction'),
    visibility: choice('--visibility <visibility>', "who may see the user's profile", VISIBILITIES),
  },
  output: true,
  examples: [
    'kettle admin user edit bob --admin',
    'kettle admin user edit bob --prohibit-login',
    'kettle admin user edit bob --email bob@new.example.com --full-name "Bob Brown"',
    'printf %s "$PW" | kettle admin user edit bob --password-stdin --must-change-password',
  ],
  notes: ADMIN_ONLY,
  load: async () => ({ run: (await import('./user.js')).runEdit }),
});

const userDelete = verb({
  name: 'delete',
  summary: 'Delete user accounts (asks first)',
  args: { logins: variadicArg('<login...>', 'the user names') },
  flags: {
    purge: bool('--purge', 'also delete what the user owns: repositories, memberships, packages'),
    yes: bool('-y, --yes', 'do not ask for confirmation (required without a terminal)'),
  },
  examples: ['kettle admin user delete bob', 'kettle admin user delete bob carol --yes', 'kettle admin user delete spammer --purge --yes'],
  notes: `\nWithout --purge the servers refuse a user who still owns repositories or belongs to organizations.\n${ADMIN_ONLY}`,
  load: async () => ({ run: (await import('./user.js')).runDelete }),
});

const user = {
  name: 'user',
  summary: 'List, create, edit and delete user accounts',
  examples: ['kettle admin user list', 'kettle admin user create bob --email bob@example.com', 'kettle admin user delete bob'],
  verbs: [userList, userCreate, userEdit, userDelete],
} satisfies SubGroupDef;

const orgList = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List every organization on the server, private ones too',
  flags: listFlags,
  output: true,
  examples: ['kettle admin org list', 'kettle admin org list --all --json'],
  notes: ADMIN_ONLY,
  load: async () => ({ run: (await import('./org.js')).runList }),
});

const org = {
  name: 'org',
  summary: 'List every organization',
  examples: ['kettle admin org list'],
  verbs: [orgList],
} satisfies SubGroupDef;

const cronList = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List the server's scheduled tasks",
  flags: listFlags,
  output: true,
  examples: ['kettle admin cron list', 'kettle admin cron list --json --fields name,next'],
  notes: ADMIN_ONLY,
  load: async () => ({ run: (await import('./cron.js')).runList }),
});

const cronRun = verb({
  name: 'run',
  summary: 'Start a scheduled task now',
  args: { task: arg('<task>', 'the task name, as cron list shows it') },
  examples: ['kettle admin cron run repo_health_check', 'kettle admin cron run update_mirrors'],
  notes: `\nThe server starts the task and answers at once; cron list shows when it last ran.\n${ADMIN_ONLY}`,
  load: async () => ({ run: (await import('./cron.js')).runRun }),
});

const cron = {
  name: 'cron',
  summary: "List and start the server's scheduled tasks",
  examples: ['kettle admin cron list', 'kettle admin cron run update_mirrors'],
  verbs: [cronList, cronRun],
} satisfies SubGroupDef;

export const admin = {
  name: 'admin',
  summary: 'Administer the site: users, organizations, scheduled tasks',
  section: 'Administration:',
  examples: ['kettle admin user list', 'kettle admin org list', 'kettle admin cron run update_mirrors'],
  verbs: [user, org, cron],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { cronList, cronRun, orgList, userCreate, userDelete, userEdit, userList };
