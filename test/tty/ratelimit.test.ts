// A short rate limit on a terminal: a countdown that rewrites one line, then
// clears it when kettle tries again.
import { describe, expect, it } from 'vitest';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();

describe('waiting out a rate limit on a terminal', () => {
  it('counts down on one line, clears it, then shows the result', async () => {
    demo.server.fault({ kind: 'ratelimit', retryAfter: 3, path: '/user' });
    const pane = await demo.term.kettle(['whoami']);
    await pane.waitFor(/kettle: rate limit reached; retrying in 3 s/);
    await pane.waitFor(/kettle: rate limit reached; retrying in 1 s/);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/alice/);
    // The countdown rewrote its line instead of printing one line a second, and is gone now.
    expect(screen).not.toMatch(/retrying in/);
    expect(demo.server.requests.filter((q) => q.path === '/user')).toHaveLength(2);
  });
});
