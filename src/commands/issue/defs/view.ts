// kettle issue view: definition.
import { repoFlag, webFlag } from '../../../spec/flags.js';
import { bool, verb } from '../../../spec/spec.js';
import { number } from './shared.js';

export const view = verb({
  name: 'view',
  summary: 'Show an issue, and with --comments its conversation',
  args: { number },
  flags: { ...repoFlag, comments: bool('-c, --comments', 'add the comments, oldest first'), ...webFlag("the issue's page") },
  output: true,
  examples: [
    'kettle issue view 3 -R alice/teapot',
    'kettle issue view 3 --comments',
    'kettle issue view 3 --comments --json',
    'kettle issue view 3 --web',
    'kettle issue view https://codeberg.org/alice/teapot/issues/3',
  ],
  load: () => import('../view.js'),
});
