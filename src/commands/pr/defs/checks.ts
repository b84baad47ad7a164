// kettle pr checks: definition.
import { positiveInt, repoFlag } from '../../../spec/flags.js';
import { bool, int, optionalArg, verb } from '../../../spec/spec.js';

export const checks = verb({
  name: 'checks',
  summary: "Show the head commit's checks: exit 0 passed, 1 failed, 8 pending",
  args: { number: optionalArg('[number]', 'the pull request number or web URL (default: the one for the current branch)') },
  flags: {
    ...repoFlag,
    watch: bool('--watch', 'refresh until no check is pending, then exit as without it'),
    interval: int('-i, --interval <seconds>', 'with --watch: seconds between refreshes (default 10)', positiveInt('--interval')),
    required: bool('--required', "count only the checks the base branch's protection requires"),
  },
  output: true,
  examples: [
    'kettle pr checks 7',
    "kettle pr checks --watch --interval 5   # until the current branch's checks finish",
    'kettle pr checks 7 --required && kettle pr merge 7',
    'kettle pr checks 7 --json --fields context,status',
  ],
  notes:
    '\nExit status: 0 when every check passed (a warning counts as passed), 1 when any failed or errored,\n8 when some are still pending. A required check that has not reported yet is pending.\n',
  load: () => import('../checks.js'),
});
