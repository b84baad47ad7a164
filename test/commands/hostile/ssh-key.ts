// The hostile server's cases of `kettle ssh-key` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'ssh-key list', args: () => ['ssh-key', 'list', '--json'] }],
  writes: [
    { verb: 'ssh-key add', args: () => ['ssh-key', 'add', k.sshKeyFile()] },
    { verb: 'ssh-key delete', args: () => ['ssh-key', 'delete', '999999', '--yes'] },
  ],
});
