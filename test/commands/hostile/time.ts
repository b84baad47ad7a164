// The hostile server's cases of `kettle time` (see ../hostile.test.ts).
import { issueWork } from '../../server/routes-issue-work.js';
import { tick } from '../../server/state.js';
import type { Kit, NounCases } from './kit.js';

/** An issue with an entry of alice's tracked time: its number and the entry's id. */
const tracked = (k: Kit): [string, string] => {
  const n = k.issueNumber();
  const data = issueWork(k.server.state);
  const id = data.nextTimeId++;
  data.times.push({ id, issueId: k.server.state.issue(k.teapot(), Number(n))?.id as number, login: 'alice', time: 600, created: tick(), deleted: false });
  return [n, String(id)];
};

/** An issue with alice's stopwatch running on it. */
const running = (k: Kit): string => {
  const n = k.issueNumber();
  const data = issueWork(k.server.state);
  data.stopwatches = [{ issueId: k.server.state.issue(k.teapot(), Number(n))?.id as number, login: 'alice', created: tick() }];
  return n;
};

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'time list', args: () => ['time', 'list', tracked(k)[0], '-R', 'alice/teapot', '--json'] },
    { verb: 'time list', args: () => ['time', 'list', '--mine', '-R', 'alice/teapot'] },
  ],
  writes: [
    { verb: 'time add', args: () => ['time', 'add', k.issueNumber(), '1h30m', '-R', 'alice/teapot', '--json'] },
    { verb: 'time delete', args: () => ['time', 'delete', ...tracked(k), '-R', 'alice/teapot', '--yes'] },
    { verb: 'time reset', args: () => ['time', 'reset', tracked(k)[0], '-R', 'alice/teapot', '--yes'] },
    { verb: 'time start', args: () => ['time', 'start', k.issueNumber(), '-R', 'alice/teapot'] },
    { verb: 'time stop', args: () => ['time', 'stop', running(k), '-R', 'alice/teapot'] },
    { verb: 'time cancel', args: () => ['time', 'cancel', running(k), '-R', 'alice/teapot'] },
  ],
});
