// The hostile server's cases of `kettle hook` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'hook list', args: () => ['hook', 'list', '-R', 'alice/teapot'] }],
  writes: [
    { verb: 'hook add', args: () => ['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/new', '--json'] },
    { verb: 'hook edit', args: () => ['hook', 'edit', k.hookId(), '-R', 'alice/teapot', '--inactive'] },
    { verb: 'hook test', args: () => ['hook', 'test', k.hookId(), '-R', 'alice/teapot'] },
    { verb: 'hook delete', args: () => ['hook', 'delete', k.hookId(), '-R', 'alice/teapot', '--yes'] },
  ],
  elsewhere: {
    'hook view': 'reads one record',
  },
});
