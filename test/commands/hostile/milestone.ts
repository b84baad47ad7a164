// The hostile server's cases of `kettle milestone` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'milestone list', args: () => ['milestone', 'list', '-R', 'alice/teapot', '--json'] }],
  writes: [
    { verb: 'milestone create', args: () => ['milestone', 'create', k.fresh('m'), '-R', 'alice/teapot', '--json'] },
    { verb: 'milestone edit', args: () => ['milestone', 'edit', '1', '--description', k.fresh('d'), '-R', 'alice/teapot'] },
    { verb: 'milestone close', args: () => ['milestone', 'close', '1', '-R', 'alice/teapot'] },
    { verb: 'milestone reopen', args: () => ['milestone', 'reopen', '1', '-R', 'alice/teapot'] },
    { verb: 'milestone delete', args: () => ['milestone', 'delete', '999999', '-R', 'alice/teapot', '--yes'] },
  ],
  elsewhere: {
    'milestone view': 'reads one record',
  },
});
