// The hostile server's cases of `kettle runner` (see ../hostile.test.ts). The
// token is a secret: check() holds every run to never printing the login's
// token, and runner token prints the registration token on stdout alone.
import { addRunner } from '../../server/routes-runners.js';
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => {
  const runnerId = () => String(addRunner(k.server.state, { name: k.fresh('hostile-runner'), repoId: k.teapot().id }).id);
  return {
    lists: [
      { verb: 'runner list', args: () => ['runner', 'list', '-R', 'alice/teapot', '--json'] },
      {
        verb: 'runner list',
        args: () => {
          k.admin();
          return ['runner', 'list', '--global', '--json'];
        },
      },
    ],
    writes: [
      { verb: 'runner token', args: () => ['runner', 'token', '-R', 'alice/teapot'] },
      { verb: 'runner delete', args: () => ['runner', 'delete', runnerId(), '-R', 'alice/teapot', '--yes'] },
    ],
  };
};
