// kettle time add / delete / reset: definitions.
import { repoFlag, yesFlag } from '../../../spec/flags.js';
import { arg, verb } from '../../../spec/spec.js';
import { number } from './shared.js';

const DURATION_NOTE = '\nA duration is hours, minutes and seconds, such as 1h30m, 45m, 2h or 1h 15m 30s; times are shown as 1h 30min.\n';

export const add = verb({
  name: 'add',
  summary: 'Add time spent on an issue or pull request',
  args: { number, duration: arg('<duration>', 'how long, such as 1h30m or 45m') },
  flags: repoFlag,
  output: true,
  examples: ['kettle time add 3 1h30m -R alice/teapot', 'kettle time add 3 45m'],
  notes: DURATION_NOTE,
  load: async () => ({ run: (await import('../change.js')).runAdd }),
});

export const del = verb({
  name: 'delete',
  summary: 'Delete one entry of tracked time (yours, or any as a site administrator)',
  args: { number, id: arg('<entry-id>', 'the entry, by the ID `kettle time list` shows') },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle time delete 3 42 -R alice/teapot', 'kettle time delete 3 42 --yes'],
  load: async () => ({ run: (await import('../change.js')).runDelete }),
});

export const reset = verb({
  name: 'reset',
  summary: 'Delete all your tracked time on an issue or pull request',
  args: { number },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle time reset 3 -R alice/teapot', 'kettle time reset 3 --yes'],
  load: async () => ({ run: (await import('../change.js')).runReset }),
});
