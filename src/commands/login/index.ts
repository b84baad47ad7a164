// kettle login: add, list, choose and remove stored logins.
// Each verb keeps its definition in defs/<verb>.ts; this file lists them.
import type { GroupDef } from '../../spec/spec.js';
import { add } from './defs/add.js';
import { defaultVerb } from './defs/default.js';
import { del } from './defs/delete.js';
import { gitCredential } from './defs/git-credential.js';
import { list } from './defs/list.js';
import { refresh } from './defs/refresh.js';
import { scopes } from './defs/scopes.js';
import { setupGit } from './defs/setup-git.js';
import { status } from './defs/status.js';
import { token } from './defs/token.js';

export const login = {
  name: 'login',
  summary: 'Add, check, choose and remove stored logins',
  section: 'Logins:',
  examples: ['kettle login add --url https://git.example.com --token TOKEN', 'kettle login add --url https://git.example.com --web', 'kettle login list'],
  verbs: [add, list, status, token, refresh, scopes, defaultVerb, setupGit, gitCredential, del],
} satisfies GroupDef;
