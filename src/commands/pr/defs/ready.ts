// kettle pr ready: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, optionalArg, verb } from '../../../spec/spec.js';

export const ready = verb({
  name: 'ready',
  summary: 'Take a draft out of draft: drop its "WIP:" title prefix (--undo adds it)',
  args: { number: optionalArg('[number]', 'the pull request number or web URL (default: the one for the current branch)') },
  flags: { ...repoFlag, undo: bool('--undo', 'mark it a draft again') },
  output: true,
  // Gitea and Forgejo mark a draft by a "WIP:" title prefix: ready removes it, --undo adds it.
  examples: ['kettle pr ready 7', 'kettle pr ready 7 --undo'],
  load: () => import('../ready.js'),
});
