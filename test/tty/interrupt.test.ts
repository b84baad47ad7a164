// Ctrl-C while kettle waits for the server (not at a question).
import { describe, expect, it } from 'vitest';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Ctrl-C during a request', () => {
  it.each([
    ['issue list', ['issue', 'list', '-R', 'alice/teapot'], 'GET', '/repos/alice/teapot/issues'],
    ['issue create', ['issue', 'create', '-R', 'alice/teapot', '--title', 'Never sent'], 'POST', '/repos/alice/teapot/issues'],
  ])('%s: exit 130 at once, no stack trace, nothing printed as a result', async (_what, args, method, path) => {
    demo.server.fault({ kind: 'hang', method, path });
    const before = demo.server.state.issues.length;
    const pane = await demo.term.kettle(args);
    await until(() => demo.server.requests.some((r) => r.method === method && r.path === path), `${method} ${path}`);
    const screen = await pane.interrupt();
    expect(screen).not.toMatch(/Created|NUMBER|Lid rattles/);
    expect(demo.server.state.issues.length).toBe(before);
  });
});
