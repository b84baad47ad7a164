// The hostile server's cases of `kettle notification` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [{ verb: 'notification list', args: () => ['notification', 'list', '--unread', '--read', '--pinned', '--json'] }],
  writes: [
    { verb: 'notification read', args: () => ['notification', 'read', k.threadId(), k.threadId(), '--json'], several: true },
    { verb: 'notification read', args: () => ['notification', 'read', '--all'] },
  ],
});
