// kettle pr view: definition and options.
import { type RepoFlag, repoFlag } from '../../../cli/flags.js';
import { bool, optionalArg, verb } from '../../../cli/spec.js';

export interface ViewOptions extends RepoFlag {
  number: string | undefined;
  comments: boolean;
}

export const view = verb({
  name: 'view',
  summary: 'Show a pull request: state, branches, reviews, checks and body',
  args: { number: optionalArg('[number]', 'the pull request number or web URL (default: the one for the current branch)') },
  flags: { ...repoFlag, comments: bool('-c, --comments', 'show the conversation too') },
  output: true,
  examples: ['kettle pr view 7', 'kettle pr view --comments', 'kettle pr view 7 --json --fields number,title,mergeable'],
  load: () => import('../view.js'),
});
