// A long list on a terminal: a progress line on stderr while the pages
// arrive, erased before the list is printed; none when stderr is not a terminal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoTerminal, kettleCommand } from './tmux.js';

const demo = demoTerminal();
const COUNT = 3000;
const LIST = ['issue', 'list', '-R', 'alice/big', '--all'];

beforeAll(() => {
  const big = demo.server.state.addRepo('alice', 'big');
  demo.server.state.bulkIssues(big, 'alice', COUNT);
});

/** Each page answered slowly, so 60 pages (8 at a time) take a few seconds. */
const slowly = () => demo.server.set({ latencyMs: 200 });

describe('progress while a long list loads', () => {
  it('counts the records on stderr, then erases itself; the list is complete', async () => {
    slowly();
    const out = join(demo.term.home, 'list.txt');
    const pane = await demo.term.shell(`${kettleCommand(LIST)} | cat > ${out}`);
    await pane.waitFor(/Fetching issues… [1-9][\d,]* of 3,000/);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).not.toContain('Fetching');
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(COUNT);
  });

  it('is shown by kettle api --paginate too, and the array is complete', async () => {
    slowly();
    const out = join(demo.term.home, 'api.json');
    const pane = await demo.term.shell(`${kettleCommand(['api', '--paginate', '/repos/alice/big/issues'])} > ${out}`);
    await pane.waitFor(/Fetching issues… [1-9][\d,]* of 3,000/);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).not.toContain('Fetching');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toHaveLength(COUNT);
  });

  it('is not shown when stderr is not a terminal', async () => {
    slowly();
    const out = join(demo.term.home, 'list2.txt');
    const err = join(demo.term.home, 'err.txt');
    const pane = await demo.term.shell(`${kettleCommand(LIST)} > ${out} 2> ${err}`);
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(readFileSync(err, 'utf8')).toBe('');
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(COUNT);
  });

  it('stops on Ctrl-C with exit 130 and no stack trace, and erases its line as on success', async () => {
    slowly();
    const pane = await demo.term.kettle(LIST);
    await pane.waitFor(/Fetching issues… [1-9][\d,]* of 3,000/);
    const screen = await pane.interrupt();
    expect(screen).not.toContain('Generated issue');
    expect(screen).not.toContain('Fetching');
    // Nothing left of the line, the echoed ^C included: the status line follows the command line.
    expect(screen).not.toContain('^C');
  });
});
