// pr checks --watch at a real terminal: the table is drawn again in place on
// each refresh (never a second copy below the first), and Ctrl-C ends it with 130.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportStatus } from '../server/routes-ci.js';
import { headSha } from '../server/routes-pulls.js';
import { startServer, type TestServer } from '../server/index.js';
import type { Issue, Repo } from '../server/state.js';
import { kettleCommand, Terminal } from './tmux.js';

let server: TestServer;
let token: string;
let term: Terminal;
let counter = 0;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  token = server.addToken('alice');
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  term = new Terminal({ KETTLE_URL: server.url, KETTLE_TOKEN: token });
});
afterEach(async () => {
  await term.close();
});

function pull(): { repo: Repo; pr: Issue; sha: string } {
  const repo = server.state.addRepo('alice', `watch-${++counter}`, { init: true });
  repo.branches.push('topic');
  const pr = server.state.addIssue(repo, 'alice', { title: 'Quieter lid', pull: { head: 'topic', base: 'main' } });
  return { repo, pr, sha: headSha(server.state, pr) };
}

const statusReads = (sha: string) => server.requests.filter((q) => q.method === 'GET' && q.path.endsWith(`/commits/${sha}/statuses`)).length;

async function until(done: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('pr checks --watch', () => {
  it('redraws the table in place until nothing is pending, then exits as without --watch', async () => {
    const { repo, pr, sha } = pull();
    reportStatus(server.state, sha, { context: 'ci/build', state: 'pending', description: 'Building' });
    reportStatus(server.state, sha, { context: 'ci/lint', state: 'success', description: 'Clean' });
    // A line above the table, as a shell prompt would be: tmux keeps a screen
    // cleared from its top-left corner in the scroll-back, which would show
    // the old table there however well it was redrawn.
    const pane = await term.shell(`echo above; ${kettleCommand(['pr', 'checks', String(pr.number), '-R', `alice/${repo.name}`, '--watch', '--interval', '1'])}`);
    await pane.waitFor(/refreshing every 1 s/);
    reportStatus(server.state, sha, { context: 'ci/build', state: 'pending', description: 'Linking' });
    await until(() => statusReads(sha) >= 2);
    await pane.waitFor('Linking');
    const during = await pane.screen();
    expect(during.match(/CHECK\s+STATE/g), during).toHaveLength(1);
    expect(during).not.toContain('Building');
    reportStatus(server.state, sha, { context: 'ci/build', state: 'success', description: 'Built' });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    // One table, its last state, and no refresh line left behind.
    expect(screen.match(/CHECK\s+STATE/g), screen).toHaveLength(1);
    expect(screen).toMatch(/ci\/build\s+✓ success\s+Built/);
    expect(screen).toMatch(/ci\/lint\s+✓ success\s+Clean/);
    expect(screen).not.toContain('refreshing');
    expect(screen).not.toContain('Linking');
    expect(screen).toContain('✓ All checks passed: 2 checks: 2 passed');
    expect(screen.startsWith('above\nCHECK')).toBe(true);
  });

  it('Ctrl-C stops watching: exit 130', async () => {
    const { repo, pr, sha } = pull();
    reportStatus(server.state, sha, { context: 'ci/build', state: 'pending', description: 'Building' });
    const pane = await term.kettle(['pr', 'checks', String(pr.number), '-R', `alice/${repo.name}`, '--watch', '--interval', '1']);
    await pane.waitFor(/refreshing every 1 s/);
    await pane.interrupt();
    const { code } = await pane.exit();
    expect(code).toBe(130);
  });
});
