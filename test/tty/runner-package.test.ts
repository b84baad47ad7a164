// runner delete and package delete at a real terminal: the runner's id, or the
// package's version, must be typed back.
import { beforeEach, describe, expect, it } from 'vitest';
import { addPackage, packageVersions } from '../server/routes-packages.js';
import { addRunner, runnersData } from '../server/routes-runners.js';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();
beforeEach(() => {
  // Gitea 1.27.0 lists and deletes runners through the API.
  demo.server.set({ flavor: { version: '1.27.0' } });
});

describe('runner delete on a terminal', () => {
  it('a wrong id cancels with exit 2, nothing deleted; the id typed deletes it', async () => {
    const teapot = demo.server.state.repo('alice', 'teapot');
    if (!teapot) throw new Error('no alice/teapot');
    const runner = addRunner(demo.server.state, { name: 'tty-runner', repoId: teapot.id });
    const wrong = await demo.term.kettle(['runner', 'delete', String(runner.id), '-R', 'alice/teapot']);
    await wrong.asked(`Type ${runner.id} to delete runner ${runner.id} of alice/teapot`);
    await wrong.type('999');
    await wrong.keys('Enter');
    const cancelled = await wrong.exit();
    expect(cancelled.code, cancelled.screen).toBe(2);
    expect(cancelled.screen).toContain(`kettle: confirmation did not match ${runner.id}; nothing was deleted`);
    expect(demo.server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    const right = await demo.term.kettle(['runner', 'delete', String(runner.id), '-R', 'alice/teapot']);
    await right.asked(`Type ${runner.id} to delete runner ${runner.id} of alice/teapot`);
    await right.type(String(runner.id));
    await right.keys('Enter');
    const done = await right.exit();
    expect(done.code, done.screen).toBe(0);
    expect(done.screen).toContain(`Deleted runner ${runner.id} of alice/teapot`);
    expect(runnersData(demo.server.state).runners.some((r) => r.id === runner.id)).toBe(false);
  });
});

describe('package delete on a terminal', () => {
  it('the version typed deletes it', async () => {
    addPackage(demo.server.state, { owner: 'alice', type: 'generic', name: 'tty-tools', version: '2.0.0' });
    const pane = await demo.term.kettle(['package', 'delete', 'generic', 'tty-tools', '2.0.0']);
    await pane.asked('Type 2.0.0 to delete generic package tty-tools 2.0.0 of alice');
    await pane.type('2.0.0');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('Deleted generic package tty-tools 2.0.0 of alice');
    expect(packageVersions(demo.server.state).some((p) => p.name === 'tty-tools')).toBe(false);
  });
});
