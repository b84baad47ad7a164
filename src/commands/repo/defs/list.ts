// kettle repo list: definition.
import { listFlags } from '../../../spec/flags.js';
import { text, verb } from '../../../spec/spec.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List your repositories, or another user's",
  flags: { ...listFlags, user: text('-u, --user <username>', "list this user's repositories instead of your own") },
  output: true,
  examples: ['kettle repo list', 'kettle repo list --user bob --all', 'kettle repo list --json --fields full_name,private'],
  load: () => import('../list.js'),
});
