// kettle repo view: definition.
import { repoFlag, webFlag } from '../../../spec/flags.js';
import { optionalArg, verb } from '../../../spec/spec.js';

export const OWNER_NAME = 'the repository, such as alice/teapot';

export const view = verb({
  name: 'view',
  summary: 'Show a repository',
  args: { ownerName: optionalArg('[owner/name]', OWNER_NAME) },
  flags: { ...repoFlag, ...webFlag("the repository's page") },
  output: true,
  examples: [
    'kettle repo view alice/teapot',
    'kettle repo view            # the repository of the current git remote',
    'kettle repo view alice/teapot --json --fields html_url',
    'kettle repo view --web',
    'kettle repo view https://codeberg.org/alice/teapot',
  ],
  load: () => import('../view.js'),
});
