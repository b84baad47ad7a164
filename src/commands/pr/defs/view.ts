// kettle pr view: definition.
import { repoFlag, webFlag } from '../../../spec/flags.js';
import { bool, optionalArg, verb } from '../../../spec/spec.js';

export const view = verb({
  name: 'view',
  summary: 'Show a pull request: state, branches, reviews, checks and body',
  args: { number: optionalArg('[number]', 'the pull request number or web URL (default: the one for the current branch)') },
  flags: { ...repoFlag, comments: bool('-c, --comments', 'show the conversation too'), ...webFlag("the pull request's page") },
  output: true,
  examples: [
    'kettle pr view 7',
    'kettle pr view --comments',
    'kettle pr view 7 --json --fields number,title,mergeable',
    'kettle pr view --web',
    'kettle pr view https://codeberg.org/alice/teapot/pulls/7',
  ],
  load: () => import('../view.js'),
});
