// The hostile server's cases of `kettle org` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'org list', args: () => ['org', 'list', '--json'] },
    { verb: 'org member list', args: () => ['org', 'member', 'list', 'wonderland', '--json'] },
  ],
  writes: [
    { verb: 'org create', args: () => ['org', 'create', k.fresh('org'), '--json'] },
    { verb: 'org member remove', args: () => ['org', 'member', 'remove', k.server.state.addOrg(k.fresh('club'), 'Club', ['alice', 'bob']).login, 'bob', '--yes'] },
    { verb: 'org delete', args: () => ['org', 'delete', k.server.state.addOrg(k.fresh('gone'), 'Gone', ['alice']).login, '--yes'] },
  ],
  elsewhere: {
    'org view': 'reads one record',
  },
});
