// repo delete at a real terminal: the repository's name must be typed.
import { afterEach, describe, expect, it } from 'vitest';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();
afterEach(() => {
  expect(demo.server.requests.filter((r) => r.method !== 'DELETE' && r.method !== 'GET')).toEqual([]);
});

const exists = (full: string) => demo.server.state.repos.some((r) => `${r.owner}/${r.name}` === full);

describe('repo delete on a terminal', () => {
  it.each([
    ['a wrong name', 'alice/teapots'],
    ['the name without its owner', 'notes'],
    ['nothing', ''],
  ])('cancels with exit 2 and deletes nothing when given %s', async (_what, typed) => {
    const pane = await demo.term.kettle(['repo', 'delete', 'alice/notes']);
    await pane.asked('Type alice/notes to delete it for good');
    await pane.type(typed);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(2);
    expect(screen).toContain('kettle: confirmation did not match alice/notes; nothing was deleted');
    expect(demo.server.requests).toEqual([]);
    expect(exists('alice/notes')).toBe(true);
  });

  it('cancels with exit 130 on Ctrl-C, deleting nothing', async () => {
    const pane = await demo.term.kettle(['repo', 'delete', 'alice/notes']);
    await pane.asked('Type alice/notes to delete it for good');
    await pane.type('alice/no');
    await pane.interrupt('kettle: cancelled');
    expect(demo.server.requests).toEqual([]);
    expect(exists('alice/notes')).toBe(true);
  });

  it('deletes when the name is typed exactly', async () => {
    expect(exists('alice/notes')).toBe(true);
    const pane = await demo.term.kettle(['repo', 'delete', 'alice/notes']);
    await pane.asked('Type alice/notes to delete it for good');
    await pane.type('alice/notes');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('Deleted repository alice/notes');
    expect(demo.server.requests.map((r) => [r.method, r.path])).toEqual([['DELETE', '/repos/alice/notes']]);
    expect(exists('alice/notes')).toBe(false);
  });
});
