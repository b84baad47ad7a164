// The hostile server's cases of `kettle admin` (see ../hostile.test.ts), as a site administrator.
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => {
  /** The command line, run by a site administrator. */
  const asAdmin = (args: string[]) => () => {
    k.admin();
    return args;
  };
  const user = () => {
    k.admin();
    return k.server.state.addUser(k.fresh('user'), 'Hostile').login;
  };
  return {
    lists: [
      { verb: 'admin user list', args: asAdmin(['admin', 'user', 'list', '--json']) },
      { verb: 'admin org list', args: asAdmin(['admin', 'org', 'list', '--json']) },
      { verb: 'admin cron list', args: asAdmin(['admin', 'cron', 'list', '--json']) },
    ],
    writes: [
      {
        verb: 'admin user create',
        args: () => {
          k.admin();
          const login = k.fresh('made');
          return ['admin', 'user', 'create', login, '--email', `${login}@example.com`, '--password-stdin', '--json'];
        },
        input: 'hostile-password-1\n',
      },
      { verb: 'admin user edit', args: () => ['admin', 'user', 'edit', user(), '--full-name', 'Edited', '--json'] },
      { verb: 'admin user delete', args: () => ['admin', 'user', 'delete', user(), '--yes'] },
      { verb: 'admin cron run', args: asAdmin(['admin', 'cron', 'run', 'update_mirrors']) },
    ],
  };
};
