// Typed confirmations at a real terminal: hook delete asks for the
// repository's name once however many webhooks go; org delete for the organization's.
import { describe, expect, it } from 'vitest';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();

function addHooks(count: number): number[] {
  const teapot = demo.server.state.repo('alice', 'teapot');
  if (!teapot) throw new Error('no alice/teapot');
  return Array.from(
    { length: count },
    () => demo.server.state.addHook(teapot, { type: 'gitea', url: 'https://ci.example.com/t', content_type: 'json', secret: '', events: ['push'], active: true }).id,
  );
}
const hookExists = (id: number) => demo.server.state.hooks.some((h) => h.id === id);

describe('hook delete on a terminal', () => {
  it('asks once for the repository name, then deletes every webhook given', async () => {
    const ids = addHooks(2);
    const pane = await demo.term.kettle(['hook', 'delete', ...ids.map(String), '-R', 'alice/teapot']);
    await pane.asked(`Type alice/teapot to delete 2 webhooks (${ids.join(', ')}) for good`);
    await pane.type('alice/teapot');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    for (const id of ids) expect(screen).toContain(`Deleted webhook ${id} of alice/teapot`);
    expect(
      demo.server.requests
        .filter((r) => r.method === 'DELETE')
        .map((r) => r.path)
        .sort(),
    ).toEqual(ids.map((id) => `/repos/alice/teapot/hooks/${id}`).sort());
    expect(ids.some(hookExists)).toBe(false);
  });

  it('cancels with exit 2 and deletes nothing when the name does not match', async () => {
    const ids = addHooks(2);
    const pane = await demo.term.kettle(['hook', 'delete', ...ids.map(String), '-R', 'alice/teapot']);
    await pane.asked('Type alice/teapot to delete 2 webhooks');
    await pane.type('teapot');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(2);
    expect(screen).toContain('kettle: confirmation did not match alice/teapot; nothing was deleted');
    expect(demo.server.requests).toEqual([]);
    expect(ids.every(hookExists)).toBe(true);
  });
});

describe('org delete on a terminal', () => {
  it.each([
    ['a wrong name', 'old-tea', 2],
    ['the name', 'old-team', 0],
  ])('given %s: exit %s', async (_what, typed, exit) => {
    if (!demo.server.state.org('old-team')) demo.server.state.addOrg('old-team', 'Old Team', ['alice']);
    const pane = await demo.term.kettle(['org', 'delete', 'old-team']);
    await pane.asked('Type old-team to delete the organization for good');
    await pane.type(typed);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(exit);
    expect(demo.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(exit === 0 ? ['DELETE /orgs/old-team'] : []);
    expect(demo.server.state.org('old-team') === undefined).toBe(exit === 0);
  });
});
