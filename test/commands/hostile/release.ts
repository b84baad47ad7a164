// The hostile server's cases of `kettle release` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'release list', args: () => ['release', 'list', '-R', 'alice/teapot', '--json'] }],
  writes: [
    { verb: 'release create', args: () => ['release', 'create', k.fresh('v9'), k.asset(), '-R', 'alice/teapot', '--notes', 'n', '--json'] },
    { verb: 'release edit', args: () => ['release', 'edit', 'v1.0', '-R', 'alice/teapot', '--notes', k.fresh('n')] },
    { verb: 'release upload', args: () => ['release', 'upload', 'v1.1-rc.1', k.asset(), '-R', 'alice/teapot', '--clobber'] },
    { verb: 'release delete', args: () => ['release', 'delete', 'v1.1', '-R', 'alice/teapot', '--yes'] },
  ],
  elsewhere: {
    'release view': 'reads one record',
    'release download': 'streams files (test/e2e/release-streaming.test.ts)',
  },
});
