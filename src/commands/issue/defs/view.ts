// kettle issue view: definition and options.
import { type RepoFlag, repoFlag } from '../../../cli/flags.js';
import { bool, verb } from '../../../cli/spec.js';
import { number } from './shared.js';

export interface ViewOptions extends RepoFlag {
  number: string;
  comments: boolean;
}

export const view = verb({
  name: 'view',
  summary: 'Show an issue, and with --comments its conversation',
  args: { number },
  flags: { ...repoFlag, comments: bool('-c, --comments', 'add the comments, oldest first') },
  output: true,
  examples: ['kettle issue view 3 -R alice/teapot', 'kettle issue view 3 --comments', 'kettle issue view 3 --comments --json'],
  load: () => import('../view.js'),
});
