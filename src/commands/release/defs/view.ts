// kettle release view: definition.
import { repoFlag } from '../../../spec/flags.js';
import { optionalArg, verb } from '../../../spec/spec.js';

export const view = verb({
  name: 'view',
  summary: 'Show a release: its notes and assets (the latest release when TAG is left out)',
  args: { tag: optionalArg('[tag]', 'the tag of the release (default: the latest release)') },
  flags: repoFlag,
  output: true,
  examples: ['kettle release view v1.2.0 -R alice/teapot', 'kettle release view            # the latest release', 'kettle release view v1.2.0 --json --fields assets'],
  load: () => import('../view.js'),
});
