// The hostile server's cases of `kettle repo` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'repo list', args: () => ['repo', 'list', '--json'] },
    { verb: 'repo collaborator list', args: () => ['repo', 'collaborator', 'list', 'alice/teapot', '--json'] },
    { verb: 'repo topic list', args: () => ['repo', 'topic', 'list', '-R', 'alice/teapot', '--json'] },
  ],
  writes: [
    { verb: 'repo create', args: () => ['repo', 'create', k.fresh('hostile'), '--json'] },
    { verb: 'repo edit', args: () => ['repo', 'edit', 'alice/teapot', '--description', k.fresh('A teapot')] },
    { verb: 'repo fork', args: () => ['repo', 'fork', 'bob/toolbox', '--json'] },
    { verb: 'repo delete', args: () => ['repo', 'delete', `alice/${k.server.state.addRepo('alice', k.fresh('doomed')).name}`, '--yes'] },
    { verb: 'repo star', args: () => ['repo', 'star', 'alice/teapot'] },
    { verb: 'repo unstar', args: () => ['repo', 'unstar', 'alice/teapot'] },
    { verb: 'repo collaborator add', args: () => ['repo', 'collaborator', 'add', 'carol', '--permission', 'read', '-R', 'alice/teapot'] },
    { verb: 'repo collaborator remove', args: () => ['repo', 'collaborator', 'remove', 'carol', '-R', 'alice/teapot'] },
    { verb: 'repo topic add', args: () => ['repo', 'topic', 'add', k.fresh('t'), '-R', 'alice/teapot'] },
    { verb: 'repo topic remove', args: () => ['repo', 'topic', 'remove', 'tea', '-R', 'alice/teapot'] },
    { verb: 'repo topic set', args: () => ['repo', 'topic', 'set', 'tea', k.fresh('t'), '-R', 'alice/teapot'] },
    { verb: 'repo migrate', args: () => ['repo', 'migrate', `https://git.example.com/bob/${k.fresh('src')}.git`, '--json'] },
    { verb: 'repo sync', args: () => ['repo', 'sync', 'alice/teapot'] },
    { verb: 'repo rename', args: () => ['repo', 'rename', `alice/${k.server.state.addRepo('alice', k.fresh('old')).name}`, k.fresh('new')] },
    { verb: 'repo transfer', args: () => ['repo', 'transfer', `alice/${k.server.state.addRepo('alice', k.fresh('given')).name}`, 'wonderland', '--yes'] },
  ],
  elsewhere: {
    'repo view': 'reads one record',
    'repo clone': 'needs git (test/e2e)',
  },
});
