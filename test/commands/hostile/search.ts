// The hostile server's cases of `kettle search` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (_k: Kit): NounCases => ({
  lists: [
    { verb: 'search repos', args: () => ['search', 'repos', 'tea', '--json'] },
    { verb: 'search issues', args: () => ['search', 'issues', 'lid', '--state', 'all'] },
    { verb: 'search users', args: () => ['search', 'users', 'example', '--json'] },
  ],
});
