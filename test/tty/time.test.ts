// time delete and time reset at a real terminal: one question, No first.
import { describe, expect, it } from 'vitest';
import { issueWork } from '../server/routes-issue-work.js';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();

/** An entry of alice's tracked time on an issue of alice/teapot: its id. */
function entry(seconds: number, number: number): number {
  const teapot = demo.server.state.repo('alice', 'teapot');
  const issue = teapot && demo.server.state.issue(teapot, number);
  if (!issue) throw new Error(`no alice/teapot#${number}`);
  const data = issueWork(demo.server.state);
  const id = data.nextTimeId++;
  data.times.push({ id, issueId: issue.id, login: 'alice', time: seconds, created: '2026-03-01T10:00:00Z', deleted: false });
  return id;
}
const live = (id: number) => issueWork(demo.server.state).times.some((t) => t.id === id && !t.deleted);

describe('time delete and reset on a terminal', () => {
  it('time delete: No (the first answer) keeps the entry, exit 2, nothing sent', async () => {
    const id = entry(600, 1);
    const pane = await demo.term.kettle(['time', 'delete', '1', String(id), '-R', 'alice/teapot']);
    await pane.asked(`Delete time entry ${id} of issue #1 in alice/teapot?`);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(2);
    expect(screen).toContain('kettle: not confirmed; nothing was deleted');
    expect(demo.server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(live(id)).toBe(true);
  });

  it('time reset: Yes deletes the caller’s entries, naming how many and how long', async () => {
    const ids = [entry(3600, 2), entry(1800, 2)];
    const pane = await demo.term.kettle(['time', 'reset', '2', '-R', 'alice/teapot']);
    await pane.asked('Delete your 2 entries (1h 30min) on issue #2 in alice/teapot?');
    await pane.keys('Down', 'Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('Deleted your 2 entries (1h 30min) on issue #2 in alice/teapot');
    expect(demo.server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/repos/alice/teapot/issues/2/times']);
    expect(ids.some(live)).toBe(false);
  });
});
