// kettle pr list: definition and options.
import { type ListFlags, listFlags, type RepoFlag, repoFlag, type State, stateFlag } from '../../../cli/flags.js';
import { verb } from '../../../cli/spec.js';

export interface ListOptions extends ListFlags, RepoFlag {
  state: State;
}

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the pull requests of a repository',
  flags: { ...repoFlag, ...listFlags, ...stateFlag },
  output: true,
  examples: ['kettle pr list -R alice/teapot', 'kettle pr list --state all --json --fields number,title,head.ref'],
  load: () => import('../list.js'),
});
