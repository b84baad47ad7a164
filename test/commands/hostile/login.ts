// The hostile server's cases of `kettle login` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (_k: Kit): NounCases => ({
  // One row per login: a login that failed is named, the others' rows stay.
  lists: [{ verb: 'login status', args: () => ['login', 'status', '--json'], several: true }],
  elsewhere: {
    'login add': 'local: a stored login (test/commands/login*.test.ts)',
    'login list': 'local',
    'login token': 'local: the stored or KETTLE_TOKEN token (test/commands/login-status.test.ts)',
    'login refresh': "the server's OAuth2 token endpoint, outside the API: its hostile answers in test/commands/login-web.test.ts",
    'login scopes': 'local: what kettle needs',
    'login default': 'local',
    'login delete': 'local',
    'login setup-git': 'local: git config',
    'login git-credential': "local: git's credential helper protocol",
  },
});
