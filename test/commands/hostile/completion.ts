// The hostile server's cases of `kettle completion` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (_k: Kit): NounCases => ({
  elsewhere: {
    completion: 'local',
  },
});
