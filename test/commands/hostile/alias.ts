// The hostile server's cases of `kettle alias` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

// Local: the settings file beside the logins, no request (test/commands/alias.test.ts).
export default (_k: Kit): NounCases => ({
  elsewhere: {
    'alias list': 'local',
    'alias set': 'local',
    'alias delete': 'local',
  },
});
