// The hostile server's cases of `kettle gpg-key` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'gpg-key list', args: () => ['gpg-key', 'list', '--json'] }],
  writes: [
    { verb: 'gpg-key add', args: () => ['gpg-key', 'add', k.gpgKeyFile()] },
    { verb: 'gpg-key delete', args: () => ['gpg-key', 'delete', '999999', '--yes'] },
  ],
});
