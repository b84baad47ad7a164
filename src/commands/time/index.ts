// kettle time: the time tracked on issues and pull requests, and the stopwatch.
import { listFlags, repoFlag, yesFlag } from '../../spec/flags.js';
import { arg, bool, type GroupDef, optionalArg, text, verb } from '../../spec/spec.js';

const number = arg('<number>', 'the issue or pull request number, such as 3 or #3, or its web URL');
const DURATION_NOTE = '\nA duration is hours, minutes and seconds, such as 1h30m, 45m, 2h or 1h 15m 30s; times are shown as 1h 30min.\n';

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the time tracked on an issue, or on the whole repository',
  args: { number: optionalArg('[number]', 'only this issue or pull request') },
  flags: {
    ...repoFlag,
    mine: bool('--mine', 'only your own entries'),
    since: text('--since <date>', 'only entries made at or after DATE (YYYY-MM-DD or ISO 8601)'),
    ...listFlags,
  },
  output: true,
  examples: ['kettle time list 3 -R alice/teapot', 'kettle time list --mine --since 2026-01-01', 'kettle time list 3 --json --jq "map(.time) | add"'],
  notes: '\nWithout write access to the issues, the server shows only your own entries.\n',
  load: async () => ({ run: (await import('./list.js')).runList }),
});

const add = verb({
  name: 'add',
  summary: 'Add time spent on an issue or pull request',
  args: { number, duration: arg('<duration>', 'how long, such as 1h30m or 45m') },
  flags: repoFlag,
  output: true,
  examples: ['kettle time add 3 1h30m -R alice/teapot', 'kettle time add 3 45m'],
  notes: DURATION_NOTE,
  load: async () => ({ run: (await import('./change.js')).runAdd }),
});

const del = verb({
  name: 'delete',
  summary: 'Delete one entry of tracked time (yours, or any as a site administrator)',
  args: { number, id: arg('<entry-id>', 'the entry, by the ID `kettle time list` shows') },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle time delete 3 42 -R alice/teapot', 'kettle time delete 3 42 --yes'],
  load: async () => ({ run: (await import('./change.js')).runDelete }),
});

const reset = verb({
  name: 'reset',
  summary: 'Delete all your tracked time on an issue or pull request',
  args: { number },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle time reset 3 -R alice/teapot', 'kettle time reset 3 --yes'],
  load: async () => ({ run: (await import('./change.js')).runReset }),
});

const start = verb({
  name: 'start',
  summary: 'Start the stopwatch on an issue or pull request (stopping one running elsewhere)',
  args: { number },
  flags: repoFlag,
  examples: ['kettle time start 3 -R alice/teapot'],
  load: async () => ({ run: (await import('./stopwatch.js')).runStart }),
});

const stop = verb({
  name: 'stop',
  summary: 'Stop the stopwatch and add the time it measured',
  args: { number },
  flags: repoFlag,
  examples: ['kettle time stop 3 -R alice/teapot'],
  load: async () => ({ run: (await import('./stopwatch.js')).runStop }),
});

const cancel = verb({
  name: 'cancel',
  summary: 'Discard the stopwatch without adding its time',
  args: { number },
  flags: repoFlag,
  examples: ['kettle time cancel 3 -R alice/teapot'],
  load: async () => ({ run: (await import('./stopwatch.js')).runCancel }),
});

export const time = {
  name: 'time',
  summary: 'Track time on issues and pull requests: list, add, delete, and the stopwatch',
  section: 'Issues:',
  examples: ['kettle time add 3 1h30m -R alice/teapot', 'kettle time start 3', 'kettle time stop 3', 'kettle time list 3'],
  verbs: [list, add, del, reset, start, stop, cancel],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { add, cancel, del, list, reset, start, stop };
