// The hostile server's cases of `kettle login` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (_k: Kit): NounCases => ({
  elsewhere: {
    'login add': 'local: a stored login (test/commands/login*.test.ts)',
    'login list': 'local',
    'login default': 'local',
    'login delete': 'local',
    'login setup-git': 'local: git config',
    'login git-credential': "local: git's credential helper protocol",
  },
});
