// kettle pr comment: definition.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { arg, verb } from '../../../spec/spec.js';

export const comment = verb({
  name: 'comment',
  summary: 'Comment on a pull request',
  args: { number: arg('<number>', 'the pull request number or web URL') },
  flags: { ...repoFlag, ...bodyFlags },
  output: true,
  examples: ['kettle pr comment 7 --body "Looks good once CI passes"', 'kettle pr comment 7 --body-file notes.md', 'kettle pr comment 7   # in your editor'],
  load: () => import('../comment.js'),
});
