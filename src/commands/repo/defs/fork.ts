// kettle repo fork: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, optionalArg, text, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';

export const fork = verb({
  name: 'fork',
  summary: 'Fork a repository into your account or an organization',
  args: { ownerName: optionalArg('[owner/name]', OWNER_NAME) },
  flags: {
    ...repoFlag,
    org: text('--org <org>', 'fork into this organization'),
    name: text('--name <name>', "the fork's name (default: the repository's)"),
    clone: bool('--clone', 'clone the fork into a folder of its name, with the original as remote "upstream"'),
  },
  output: true,
  examples: ['kettle repo fork bob/toolbox', 'kettle repo fork bob/toolbox --org wonderland --name tools', 'kettle repo fork bob/toolbox --clone'],
  load: () => import('../fork.js'),
});
