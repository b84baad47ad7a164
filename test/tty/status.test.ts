// kettle status in a real terminal: the server's text shown as every other
// view shows it (control characters in caret notation, never obeyed) and
// each section's lines fitted to the window as the tables are.
import { beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/text/width.js';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();

const RAW = 'Kettle \u001b]2;pwned\u0007sings \u001b[31mloudly\u001b[0m';
const LONG = 'The whistle sounds a full minute before the water boils on every stove we own, and then it keeps going';

beforeAll(() => {
  const { state } = demo.server;
  const teapot = state.repo('alice', 'teapot');
  if (!teapot) throw new Error('no teapot');
  teapot.branches.push('loud-kettle');
  state.addIssue(teapot, 'alice', { title: RAW, pull: { head: 'loud-kettle', base: 'main' } });
  state.addIssue(teapot, 'bob', { title: LONG, assignees: ['alice'] });
});

describe('kettle status on a terminal', () => {
  it('at 80 columns: an escape sequence in a title shown in caret notation, not obeyed; a long title cut to the window', async () => {
    const cols = 80;
    const pane = await demo.term.kettle(['status'], { cols, rows: 40 });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('^[]2;pwned^Gsings ^[[31mloudly');
    expect(screen).not.toContain('\\u001b');
    expect(await pane.screen({ escapes: true })).not.toMatch(/\u001b\[31mloudly/);
    expect(await demo.term.tmux(['display-message', '-p', '-t', pane.id, '#{pane_title}'])).not.toContain('pwned');
    // No line wraps: the rows on the screen are the lines kettle wrote.
    const lines = screen.trimEnd().split('\n');
    const rows = (await pane.rows()).filter((l) => !/^\[exit \d+\]$/.test(l));
    expect(rows, `rows on the screen:\n${rows.join('\n')}`).toEqual(lines);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(cols);
    const long = lines.find((l) => l.includes(LONG.slice(0, 30)));
    expect(long, screen).toMatch(/^ {4}alice\/teapot#\d+ {2}The whistle sounds .*…/);
  });
});
