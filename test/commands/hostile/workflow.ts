// The hostile server's cases of `kettle workflow` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';
import { actions } from './run.js';

export default (k: Kit): NounCases => ({
  lists: [
    {
      verb: 'workflow list',
      args: () => {
        actions(k);
        return ['workflow', 'list', '-R', 'alice/teapot', '--json'];
      },
    },
  ],
  writes: [
    {
      verb: 'workflow enable',
      args: () => {
        actions(k);
        return ['workflow', 'enable', 'deploy.yml', '-R', 'alice/teapot'];
      },
    },
    {
      verb: 'workflow disable',
      args: () => {
        actions(k);
        return ['workflow', 'disable', 'deploy.yml', '-R', 'alice/teapot'];
      },
    },
    {
      verb: 'workflow run',
      args: () => {
        actions(k);
        return ['workflow', 'run', 'deploy.yml', '-R', 'alice/teapot', '-f', 'target=x'];
      },
    },
  ],
  elsewhere: { 'workflow view': 'reads one record' },
});
