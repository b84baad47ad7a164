// The hostile server's cases of `kettle tag` (see ../hostile.test.ts).
import { releaseData } from '../../server/routes-releases.js';
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'tag list', args: () => ['tag', 'list', '-R', 'alice/teapot', '--json'] }],
  writes: [
    { verb: 'tag create', args: () => ['tag', 'create', k.fresh('t'), '--message', 'hostile', '-R', 'alice/teapot', '--json'] },
    {
      verb: 'tag delete',
      args: () => {
        const name = k.fresh('doomed');
        releaseData(k.server.state).tags.push({ repoId: k.teapot().id, name, sha: 'c0ffee'.repeat(6).slice(0, 40).padEnd(40, '0') });
        return ['tag', 'delete', name, '-R', 'alice/teapot', '--yes'];
      },
      several: true,
    },
  ],
  elsewhere: { 'tag view': 'reads one record' },
});
