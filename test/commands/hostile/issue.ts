// The hostile server's cases of `kettle issue` (see ../hostile.test.ts).
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'issue list', args: () => ['issue', 'list', '-R', 'alice/teapot', '--state', 'all'] },
    { verb: 'issue list', args: () => ['issue', 'list', '--all-repos', '--json'] },
    { verb: 'issue status', args: () => ['issue', 'status', '--json'] },
  ],
  writes: [
    { verb: 'issue create', args: () => ['issue', 'create', '-R', 'alice/teapot', '--title', k.fresh('Hostile'), '--json'] },
    { verb: 'issue edit', args: () => ['issue', 'edit', k.issueNumber(), '-R', 'alice/teapot', '--body', k.fresh('body'), '--json'] },
    { verb: 'issue comment', args: () => ['issue', 'comment', k.issueNumber(), k.issueNumber(), '-R', 'alice/teapot', '--body', 'hostile', '--json'], several: true },
    { verb: 'issue close', args: () => ['issue', 'close', k.issueNumber(), '-R', 'alice/teapot', '--json'] },
    { verb: 'issue reopen', args: () => ['issue', 'reopen', String(k.server.state.addIssue(k.teapot(), 'alice', { title: k.fresh('shut'), state: 'closed' }).number), '-R', 'alice/teapot'] },
    { verb: 'issue delete', args: () => ['issue', 'delete', k.issueNumber(), '-R', 'alice/teapot', '--yes'] },
    { verb: 'issue pin', args: () => ['issue', 'pin', k.issueNumber(), '-R', 'alice/teapot'] },
    { verb: 'issue unpin', args: () => ['issue', 'unpin', k.issueNumber(), '-R', 'alice/teapot'] },
    { verb: 'issue lock', args: () => ['issue', 'lock', k.issueNumber(), '--reason', 'spam', '-R', 'alice/teapot'] },
    { verb: 'issue unlock', args: () => ['issue', 'unlock', k.issueNumber(), '-R', 'alice/teapot'] },
    { verb: 'issue subscribe', args: () => ['issue', 'subscribe', k.issueNumber(), '-R', 'alice/teapot'] },
    { verb: 'issue unsubscribe', args: () => ['issue', 'unsubscribe', k.issueNumber(), '-R', 'alice/teapot'] },
  ],
  elsewhere: {
    'issue view': 'reads one record',
  },
});
