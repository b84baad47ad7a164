// The terminal the other tests stand on: Ctrl-C reaches the command and not
// the wrapping shell, and a command killed by the signal is told apart from
// one that exits 130 (Pane.interrupt() relies on both).
import { afterAll, describe, expect, it } from 'vitest';
import { Terminal } from './tmux.js';

const term = new Terminal();
afterAll(() => term.close());

/** A node process that says "ready" and waits; on Ctrl-C it runs `onInterrupt`, if given. */
function waiting(onInterrupt?: string): string {
  const handler = onInterrupt === undefined ? '' : `process.once("SIGINT", () => { ${onInterrupt} });`;
  return `${JSON.stringify(process.execPath)} -e '${handler} console.log("ready"); setInterval(() => {}, 1000)'`;
}

describe('Ctrl-C in the test terminal', () => {
  it('a command that handles it and exits 130 shows [exit 130]', async () => {
    const pane = await term.shell(waiting('process.stderr.write("\\n"); process.exit(130);'));
    await pane.waitFor('ready');
    await pane.keys('C-c');
    expect((await pane.exit()).code).toBe(130);
  });

  it('a command killed by it shows no exit line, and the failure says the shell ended', async () => {
    const pane = await term.shell(waiting());
    await pane.waitFor('ready');
    await pane.keys('C-c');
    await expect(pane.exit(1500)).rejects.toThrow(/never showed .*\n(.*\n)*pane process \d+: ended/);
  });
});
