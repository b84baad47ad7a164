// The hostile server's cases of `kettle run` (see ../hostile.test.ts).
import { join } from 'node:path';
import { actionsData, addArtifact, addRun, addWorkflow } from '../../server/routes-actions.js';
import type { Kit, NounCases } from './kit.js';

/** alice/teapot's Actions: a finished run with an artifact, and a workflow that can be dispatched; the run's number. */
export function actions(k: Kit): string {
  const repo = k.teapot();
  const data = actionsData(k.server.state);
  let run = data.runs.find((r) => r.repoId === repo.id);
  if (!run) {
    run = addRun(k.server.state, repo, { jobs: [{ name: 'build', log: { text: 'built\n' } }] });
    addArtifact(k.server.state, run, 'dist', Buffer.from('PK'));
    addWorkflow(k.server.state, repo, { file: 'deploy.yml', dispatch: { target: { default: 'staging' } } });
  }
  return String(run.index);
}

export default (k: Kit): NounCases => ({
  lists: [
    {
      verb: 'run list',
      args: () => {
        actions(k);
        return ['run', 'list', '-R', 'alice/teapot', '--json'];
      },
    },
  ],
  writes: [
    { verb: 'run view', args: () => ['run', 'view', actions(k), '--log', '-R', 'alice/teapot'], stream: true },
    { verb: 'run rerun', args: () => ['run', 'rerun', actions(k), '-R', 'alice/teapot'] },
    { verb: 'run delete', args: () => ['run', 'delete', actions(k), '-R', 'alice/teapot', '--yes'] },
    { verb: 'run download', args: () => ['run', 'download', actions(k), '-R', 'alice/teapot', '--dir', join(k.dir, k.fresh('artifacts'))] },
  ],
  elsewhere: {
    'run watch': 'follows a run until it ends (test/commands/actions-runs.test.ts, test/tty/actions.test.ts)',
    'run cancel': 'no release known here has the endpoint: refused before any request',
  },
});
