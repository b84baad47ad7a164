// Every command kettle has, in the order the overview lists them.
import type { GroupDef, TopDef } from '../cli/spec.js';
import { api } from './api/index.js';
import { browse } from './browse/index.js';
import { completion } from './completion/index.js';
import { gpgKey } from './gpg-key/index.js';
import { hook } from './hook/index.js';
import { issue } from './issue/index.js';
import { labelGroup as label } from './label/index.js';
import { milestoneGroup as milestone } from './milestone/index.js';
import { notification } from './notification/index.js';
import { login } from './login/index.js';
import { org } from './org/index.js';
import { pr } from './pr/index.js';
import { release } from './release/index.js';
import { repo } from './repo/index.js';
import { run as runGroup } from './run/index.js';
import { search } from './search/index.js';
import { secret } from './secret/index.js';
import { sshKey } from './ssh-key/index.js';
import { status } from './status/index.js';
import { user } from './user/index.js';
import { variable } from './variable/index.js';
import { whoami } from './whoami/index.js';
import { workflow } from './workflow/index.js';

export const COMMANDS: (GroupDef | TopDef)[] = [login, whoami, user, repo, browse, issue, label, milestone, pr, release, runGroup, workflow, secret, variable, status, notification, search, org, hook, sshKey, gpgKey, api, completion];
