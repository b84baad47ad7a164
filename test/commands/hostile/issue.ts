// The hostile server's cases of `kettle issue` (see ../hostile.test.ts).
import { issueWork } from '../../server/routes-issue-work.js';
import type { Kit, NounCases } from './kit.js';

/** Issue A blocked by issue B, made in the server first: the numbers. */
const dependency = (k: Kit): [string, string] => {
  const [a, b] = [k.issueNumber(), k.issueNumber()];
  const id = (n: string) => k.server.state.issue(k.teapot(), Number(n))?.id as number;
  issueWork(k.server.state).dependencies.push([id(a), id(b)]);
  return [a, b];
};

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'issue list', args: () => ['issue', 'list', '-R', 'alice/teapot', '--state', 'all'] },
    { verb: 'issue list', args: () => ['issue', 'list', '--all-repos', '--json'] },
    { verb: 'issue status', args: () => ['issue', 'status', '--json'] },
    { verb: 'issue dependency list', args: () => ['issue', 'dependency', 'list', dependency(k)[0], '-R', 'alice/teapot', '--json'] },
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
    { verb: 'issue dependency add', args: () => ['issue', 'dependency', 'add', k.issueNumber(), '--blocked-by', k.issueNumber(), '--blocks', k.issueNumber(), '-R', 'alice/teapot'] },
    {
      verb: 'issue dependency remove',
      args: () => {
        const [a, b] = dependency(k);
        return ['issue', 'dependency', 'remove', a, '--blocked-by', b, '-R', 'alice/teapot'];
      },
    },
    { verb: 'issue react', args: () => ['issue', 'react', k.issueNumber(), '🎉', '-R', 'alice/teapot'] },
  ],
  elsewhere: {
    'issue view': 'reads one record',
  },
});
