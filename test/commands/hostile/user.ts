// The hostile server's cases of `kettle user` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (_k: Kit): NounCases => ({
  elsewhere: {
    'user view': 'reads one record',
  },
});
