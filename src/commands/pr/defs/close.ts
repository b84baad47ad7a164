// kettle pr close and reopen: definitions.
import { repoFlag } from '../../../spec/flags.js';
import { arg, bool, text, verb } from '../../../spec/spec.js';

export const close = verb({
  name: 'close',
  summary: 'Close a pull request without merging it',
  args: { number: arg('<number>', 'the pull request number or web URL') },
  flags: {
    ...repoFlag,
    comment: text('-c, --comment <text>', 'leave a comment saying why'),
    deleteBranch: bool('-d, --delete-branch', 'delete the head branch on the server too'),
  },
  output: true,
  examples: ['kettle pr close 7', 'kettle pr close 7 --comment "Superseded by #9" --delete-branch'],
  load: () => import('../close.js'),
});

export const reopen = verb({
  name: 'reopen',
  summary: 'Reopen a closed pull request',
  args: { number: arg('<number>', 'the pull request number or web URL') },
  flags: { ...repoFlag },
  output: true,
  examples: ['kettle pr reopen 7'],
  load: () => import('../reopen.js'),
});
