// kettle release list: definition.
import { listFlags, repoFlag } from '../../../spec/flags.js';
import { verb } from '../../../spec/spec.js';

export const listVerb = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the releases of a repository, newest first',
  flags: { ...repoFlag, ...listFlags },
  output: true,
  examples: ['kettle release list -R alice/teapot', 'kettle release list --all --json --fields tag_name,published_at'],
  load: () => import('../list.js'),
});
