// kettle issue close / reopen: definitions.
import { repoFlag } from '../../../spec/flags.js';
import { text, verb } from '../../../spec/spec.js';
import { numbers } from './shared.js';

export const close = verb({
  name: 'close',
  summary: 'Close issues',
  args: { numbers },
  flags: { ...repoFlag, comment: text('-c, --comment <text>', 'leave this comment before closing') },
  output: true,
  examples: ['kettle issue close 3 -R alice/teapot', 'kettle issue close 3 4 5 --comment "Fixed in 1.2"', 'kettle issue close 3 --json'],
  load: () => import('../close.js'),
});

export const reopen = verb({
  name: 'reopen',
  summary: 'Reopen closed issues',
  args: { numbers },
  flags: repoFlag,
  output: true,
  examples: ['kettle issue reopen 3 -R alice/teapot', 'kettle issue reopen 3 4 --json'],
  load: () => import('../reopen.js'),
});
