// The hostile server's cases of `kettle whoami` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (_k: Kit): NounCases => ({
  elsewhere: {
    whoami: 'reads one record',
  },
});
