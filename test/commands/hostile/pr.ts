// The hostile server's cases of `kettle pr` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'pr list', args: () => ['pr', 'list', '-R', 'alice/teapot', '--state', 'all', '--json'] },
    { verb: 'pr status', args: () => ['pr', 'status', '-R', 'alice/teapot', '--json'] },
    { verb: 'pr checks', args: () => ['pr', 'checks', k.pullNumber(), '-R', 'alice/teapot', '--json'] },
    { verb: 'pr comments', args: () => ['pr', 'comments', '5', '-R', 'alice/teapot', '--json'] },
  ],
  writes: [
    { verb: 'pr create', args: () => ['pr', 'create', '-R', 'alice/teapot', '--head', 'fix/spout', '--base', 'main', '--title', k.fresh('Hostile'), '--body', 'b', '--json'] },
    { verb: 'pr edit', args: () => ['pr', 'edit', k.pullNumber(), '-R', 'alice/teapot', '--body', k.fresh('b')] },
    { verb: 'pr comment', args: () => ['pr', 'comment', k.pullNumber(), '-R', 'alice/teapot', '--body', 'hostile'] },
    { verb: 'pr review', args: () => ['pr', 'review', k.pullNumber(), '-R', 'alice/teapot', '--approve', '--json'] },
    { verb: 'pr review submit', args: () => ['pr', 'review', 'submit', k.pullNumber(), '-R', 'alice/teapot', '--approve', '--json'] },
    { verb: 'pr review discard', args: () => ['pr', 'review', 'discard', k.pullNumber(), '-R', 'alice/teapot'] },
    { verb: 'pr comments reply', args: () => ['pr', 'comments', 'reply', '1', '-R', 'alice/teapot', '--body', 'hostile', '--json'] },
    { verb: 'pr comments resolve', args: () => ['pr', 'comments', 'resolve', '1', '-R', 'alice/teapot'] },
    { verb: 'pr comments unresolve', args: () => ['pr', 'comments', 'unresolve', '1', '-R', 'alice/teapot'] },
    { verb: 'pr react', args: () => ['pr', 'react', k.pullNumber(), 'rocket', '-R', 'alice/teapot'] },
    { verb: 'pr close', args: () => ['pr', 'close', k.pullNumber(), '-R', 'alice/teapot'] },
    { verb: 'pr reopen', args: () => ['pr', 'reopen', k.pullNumber(), '-R', 'alice/teapot'] },
    { verb: 'pr ready', args: () => ['pr', 'ready', k.pullNumber(), '-R', 'alice/teapot', '--undo'] },
    { verb: 'pr merge', args: () => ['pr', 'merge', k.pullNumber(), '-R', 'alice/teapot', '--json'] },
    { verb: 'pr update-branch', args: () => ['pr', 'update-branch', k.pullNumber(), '-R', 'alice/teapot'] },
    { verb: 'pr diff', args: () => ['pr', 'diff', '5', '-R', 'alice/teapot'], stream: true },
  ],
  elsewhere: {
    'pr view': 'reads one record',
    'pr checkout': 'needs a git checkout (test/e2e)',
  },
});
