// The hostile server's cases of `kettle browse` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (_k: Kit): NounCases => ({
  elsewhere: {
    browse: 'opens a page',
  },
});
