// The hostile server's cases of `kettle secret` (see ../hostile.test.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kit, NounCases } from './kit.js';
import { actionsName } from './variable.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'secret list', args: () => ['secret', 'list', '-R', 'alice/teapot', '--json'] }],
  writes: [
    {
      verb: 'secret set',
      args: () => {
        const path = join(k.dir, 'secret.txt');
        writeFileSync(path, 'hostile-secret-value\n');
        return ['secret', 'set', 'HOSTILE', '-R', 'alice/teapot', '--body-file', path];
      },
    },
    { verb: 'secret delete', args: () => ['secret', 'delete', actionsName(k, 'secrets'), '-R', 'alice/teapot', '--yes'] },
  ],
});
