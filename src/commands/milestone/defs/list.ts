// kettle milestone list: definition.
import { listFlags, repoFlag, stateFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's milestones with their open and closed issues",
  flags: { ...repoFlag, ...listFlags, ...stateFlag },
  output: true,
  examples: ['kettle milestone list -R alice/teapot', 'kettle milestone list --state all --json'],
  load: () => import('../list.js'),
});
