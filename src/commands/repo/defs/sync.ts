// kettle repo sync: definition.
import { repoFlag } from '../../../spec/flags.js';
import { optionalArg, text, verb } from '../../../spec/spec.js';
import { OWNER_NAME } from './view.js';

export const sync = verb({
  name: 'sync',
  summary: 'Make a mirror fetch from its source now, or bring a fork up to date with its parent',
  args: { ownerName: optionalArg('[owner/name]', OWNER_NAME) },
  flags: { ...repoFlag, branch: text('--branch <branch>', "a fork's branch to bring up to date (default: its default branch)") },
  examples: [
    'kettle repo sync alice/teapot-mirror',
    'kettle repo sync alice/teapot-fork               # a fork: its default branch catches up with the parent',
    'kettle repo sync alice/teapot-fork --branch dev',
    'kettle repo sync            # the repository of the current git remote',
  ],
  notes:
    "\nA mirror fetches in the background. A fork's branch is brought up to date by the server itself (Gitea's merge-upstream, Forgejo's sync_fork), only as a fast-forward: a branch with commits the parent lacks has diverged, and nothing is changed. A repository that is neither exits 1.\n",
  load: () => import('../sync.js'),
});
