// pr view, pr diff and pr review at a real terminal: the pager (a script
// standing in via KETTLE_PAGER, and the default less -FRX), the diff's
// colours, and the review's question for a body.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { addStatus, extraOf, headSha } from '../server/routes-pulls.js';
import type { Issue } from '../server/state.js';
import { SGR, Terminal } from './tmux.js';

let server: TestServer;
let token: string;
let term: Terminal;
let pr: Issue;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  token = server.addToken('alice');
  const repo = server.state.repo('alice', 'teapot');
  pr = server.state.issuesOf(repo as never).find((i) => i.pull) as Issue;
  addStatus(server.state, headSha(server.state, pr), 'ci/build', 'success');
  extraOf(server.state, pr).diff = 'diff --git a/lid b/lid\n@@ -1 +1 @@\n-clatter\n+hush\n';
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.resetRequests();
  term = new Terminal({ KETTLE_URL: server.url, KETTLE_TOKEN: token });
});
afterEach(async () => {
  await term.close();
});

/** A pager that marks what went through it, then shows it. */
function markingPager(): string {
  const path = join(term.home, 'pager.sh');
  writeFileSync(path, "#!/bin/sh\necho '>> paged'\ncat\n");
  chmodSync(path, 0o755);
  return path;
}

describe('pr view', () => {
  it('goes through KETTLE_PAGER on a terminal', async () => {
    const pane = await term.kettle(['pr', 'view', String(pr.number), '-R', 'alice/teapot'], { env: { KETTLE_PAGER: markingPager() } });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/>> paged\nQuieter lid #\d+\nopen • bob wants to merge feature\/lid → main • mergeable/);
    expect(screen).toMatch(/Checks: +success/);
  });

  it('not through a pager when KETTLE_PAGER is cat', async () => {
    const pane = await term.kettle(['pr', 'view', String(pr.number), '-R', 'alice/teapot'], { env: { KETTLE_PAGER: 'cat', PAGER: markingPager() } });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('Quieter lid');
    expect(screen).not.toContain('>> paged');
  });
});

describe('pr diff', () => {
  it('is coloured and shown by less -FRX by default, which exits at once when it fits', async () => {
    const pane = await term.kettle(['pr', 'diff', String(pr.number), '-R', 'alice/teapot']);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('-clatter\n+hush');
    const painted = await pane.screen({ escapes: true });
    expect(painted).toMatch(SGR);
    expect(painted).toMatch(/\u001b\[3[12]m[-+](clatter|hush)/);
  });
});

describe('pr review', () => {
  it('--comment without a body asks for one, then sends the review', async () => {
    const pane = await term.kettle(['pr', 'review', String(pr.number), '-R', 'alice/teapot', '--comment']);
    await pane.asked('Review comment');
    await pane.type('Looks quiet');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Reviewed pull request #\d+ in alice\/teapot/);
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ event: 'COMMENT', body: 'Looks quiet' });
  });
});
