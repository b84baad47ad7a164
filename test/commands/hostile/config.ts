// The hostile server's cases of `kettle config` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

// Local: the settings file beside the logins, no request (test/commands/config.test.ts).
export default (_k: Kit): NounCases => ({
  elsewhere: {
    'config list': 'local',
    'config get': 'local',
    'config set': 'local',
    'config unset': 'local',
  },
});
