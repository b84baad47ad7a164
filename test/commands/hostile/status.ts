// The hostile server's cases of `kettle status` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (_k: Kit): NounCases => ({
  lists: [
    // One section per server: a server that failed is named, the others' records stay.
    { verb: 'status', args: () => ['status', '--json'], several: true },
  ],
});
