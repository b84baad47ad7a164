// kettle login setup-git: definition.
import { verb } from '../../../spec/spec.js';

export const setupGit = verb({
  name: 'setup-git',
  summary: "Make git ask kettle for the logins' https credentials",
  examples: ['kettle login setup-git', 'kettle login setup-git --login work'],
  notes:
    "\nWith --login NAME only that stored login is set up. For each login it adds git's global\ncredential.<server URL>.helper (and useHttpPath for a login on a sub-path), keeping the helpers\nalready there; running it again changes nothing. The token stays in kettle's config: git receives\nit only when it asks for that server.\n",
  load: () => import('../setup-git.js'),
});
