// kettle pr review: definition.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { arg, bool, verb } from '../../../spec/spec.js';

export const review = verb({
  name: 'review',
  summary: 'Approve a pull request, request changes, or comment on it',
  args: { number: arg('<number>', 'the pull request number or web URL') },
  flags: {
    ...repoFlag,
    approve: bool('-a, --approve', 'approve it'),
    requestChanges: bool('-r, --request-changes', 'request changes (needs a body)'),
    comment: bool('-c, --comment', 'comment without a verdict (needs a body)'),
    ...bodyFlags,
  },
  output: true,
  examples: ['kettle pr review 7 --approve', 'kettle pr review 7 --request-changes --body "The lid still rattles"', 'kettle pr review 7 --comment -F notes.md'],
  load: () => import('../review.js'),
});
