// The hostile server's cases of `kettle label` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'label list', args: () => ['label', 'list', '-R', 'alice/teapot', '--json'] }],
  writes: [
    { verb: 'label create', args: () => ['label', 'create', k.fresh('hostile'), '--color', 'ff0000', '-R', 'alice/teapot', '--json'] },
    { verb: 'label edit', args: () => ['label', 'edit', 'bug', '--description', k.fresh('broken'), '-R', 'alice/teapot'] },
    { verb: 'label delete', args: () => ['label', 'delete', k.server.state.addLabel(k.teapot(), k.fresh('doomed')).name, '-R', 'alice/teapot', '--yes'] },
  ],
});
