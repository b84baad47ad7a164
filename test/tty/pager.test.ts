// The pager at a real terminal: a tall issue view goes through `less -FRX`,
// which waits for q; a short one fits and less quits at once; piped output
// never meets the pager.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { kettleCommand, Terminal } from './tmux.js';

let server: TestServer;
let term: Terminal;
let tall: number;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  const repo = server.state.repo('alice', 'teapot');
  if (!repo) throw new Error('no alice/teapot');
  const body = Array.from({ length: 80 }, (_, i) => `line ${i + 1} of a long report`).join('\n');
  tall = server.state.addIssue(repo, 'alice', { title: 'A very long report', body }).number;
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  term = new Terminal({ KETTLE_URL: server.url, KETTLE_TOKEN: server.addToken('alice') });
});
afterEach(async () => {
  await term.close();
});

describe('issue view through the pager', () => {
  it('shows a tall view in KETTLE_PAGER (less -FRX) until q, then exits 0', async () => {
    const pane = await term.kettle(['issue', 'view', String(tall), '-R', 'alice/teapot'], { env: { KETTLE_PAGER: 'less -FRX' }, rows: 20 });
    const first = await pane.waitFor('line 1 of a long report');
    // less holds the rest back: the end of the body is not on the screen yet.
    expect(first).not.toContain('line 80 of a long report');
    expect(first).not.toContain('[exit');
    await pane.keys('q');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).not.toMatch(/kettle:/);
  });

  it('lets less quit at once when the view fits (-F)', async () => {
    const pane = await term.kettle(['issue', 'view', '1', '-R', 'alice/teapot'], { env: { KETTLE_PAGER: 'less -FRX' } });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('Lid rattles when the water boils');
  });

  it.each([
    ['KETTLE_PAGER empty', { KETTLE_PAGER: '', PAGER: 'false' }],
    ['KETTLE_PAGER=cat', { KETTLE_PAGER: 'cat' }],
  ])('%s prints the view directly', async (_, env) => {
    const pane = await term.kettle(['issue', 'view', String(tall), '-R', 'alice/teapot'], { env, rows: 20 });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('line 80 of a long report');
  });

  it.each([
    ['fails at once (false)', 'false', 'the pager (false) exited with status 1'],
    ['cannot start', 'no-such-pager-here', 'cannot start the pager (no-such-pager-here)'],
    ['exits with a status of its own', 'exit 3', 'the pager (exit 3) exited with status 3'],
  ])('a pager that %s: the view is printed directly, with a warning saying so, exit 0', async (_, pager, says) => {
    const pane = await term.kettle(['issue', 'view', String(tall), '-R', 'alice/teapot'], { env: { KETTLE_PAGER: pager }, rows: 20 });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('line 80 of a long report');
    expect(screen).toContain(`kettle: warning: ${says}`);
    expect(screen).toContain('printing without it');
  });

  it('pr diff through a pager that fails: exit 1, saying the changes were not shown', async () => {
    const pane = await term.kettle(['pr', 'diff', '5', '-R', 'alice/teapot'], { env: { KETTLE_PAGER: 'false' } });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(1);
    expect(screen).toContain('kettle: the pager (false) exited with status 1, so the changes were not shown');
  });

  it('never pages piped output', async () => {
    const pane = await term.shell(`${kettleCommand(['issue', 'view', String(tall), '-R', 'alice/teapot'])} | tail -1`, { env: { KETTLE_PAGER: 'less' } });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/line 80 of a long report/);
  });
});
