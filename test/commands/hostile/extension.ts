// The hostile server's cases of `kettle extension` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

// install reads the repository and its latest release from the server; the
// others work on the data folder, or run git against a clone (test/commands/extension.test.ts).
export default (k: Kit): NounCases => ({
  writes: [
    {
      verb: 'extension install',
      args: () => {
        const name = `kettle-${k.fresh('hostile')}`;
        k.server.state.addRepo('alice', name, { init: true });
        return ['extension', 'install', `alice/${name}`];
      },
    },
  ],
  elsewhere: {
    'extension list': 'local',
    'extension upgrade': 'git, or a release of an installed extension',
    'extension remove': 'local',
    'extension exec': 'runs a local program',
  },
});
