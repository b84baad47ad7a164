// kettle time start / stop / cancel: definitions.
import { repoFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';
import { number } from './shared.js';

export const start = verb({
  name: 'start',
  summary: 'Start the stopwatch on an issue or pull request (stopping one running elsewhere)',
  args: { number },
  flags: repoFlag,
  examples: ['kettle time start 3 -R alice/teapot'],
  load: async () => ({ run: (await import('../stopwatch.js')).runStart }),
});

export const stop = verb({
  name: 'stop',
  summary: 'Stop the stopwatch and add the time it measured',
  args: { number },
  flags: repoFlag,
  examples: ['kettle time stop 3 -R alice/teapot'],
  load: async () => ({ run: (await import('../stopwatch.js')).runStop }),
});

export const cancel = verb({
  name: 'cancel',
  summary: 'Discard the stopwatch without adding its time',
  args: { number },
  flags: repoFlag,
  examples: ['kettle time cancel 3 -R alice/teapot'],
  load: async () => ({ run: (await import('../stopwatch.js')).runCancel }),
});
