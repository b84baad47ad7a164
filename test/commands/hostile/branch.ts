// The hostile server's cases of `kettle branch` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

/** A branch of alice/teapot made for one case. */
const branch = (k: Kit, prefix: string) => {
  const name = k.fresh(prefix);
  k.teapot().branches.push(name);
  return name;
};

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'branch list', args: () => ['branch', 'list', '-R', 'alice/teapot', '--json'] }],
  writes: [
    { verb: 'branch create', args: () => ['branch', 'create', k.fresh('hostile'), '-R', 'alice/teapot', '--json'] },
    { verb: 'branch rename', args: () => ['branch', 'rename', branch(k, 'old'), k.fresh('new'), '-R', 'alice/teapot'] },
    { verb: 'branch delete', args: () => ['branch', 'delete', branch(k, 'doomed'), '-R', 'alice/teapot', '--yes'], several: true },
  ],
  elsewhere: { 'branch view': 'reads one record' },
});
