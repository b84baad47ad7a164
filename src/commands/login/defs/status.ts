// kettle login status: definition.
import { verb } from '../../../spec/spec.js';

export const status = verb({
  name: 'status',
  summary: 'Check each login against its server: user, where its secret is kept, scopes, expiry',
  output: true,
  examples: ['kettle login status', 'kettle login status --login work --login home', 'kettle login status --json'],
  notes:
    '\nWith --login NAME (repeatable) only those logins; else KETTLE_URL and KETTLE_TOKEN when set, else\nKETTLE_LOGIN, else every stored login. Scopes are read from the server: a category the token lacks\nanswers 403. Exit 4 when a server refuses a login, 1 when a server cannot be reached.\n',
  load: () => import('../status.js'),
});
