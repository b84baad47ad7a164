// Lists at a real terminal: header, colours for states, relative dates,
// truncation to the window; and the same lists plain when piped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/text/width.js';
import { startServer, type TestServer } from '../server/index.js';
import { kettleCommand, SGR, Terminal } from './tmux.js';

let server: TestServer;
let term: Terminal;

const LONG_TITLE = 'The lid rattles, the spout drips, the handle burns and the whistle sounds a full minute before the water boils on every stove we own';
const DAY = 24 * 3600 * 1000;
const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
  const teapot = server.state.repo('alice', 'teapot');
  if (!teapot) throw new Error('no teapot');
  const long = server.state.addIssue(teapot, 'carol', { title: LONG_TITLE });
  long.updated_at = isoAgo(3 * DAY + 3600_000);
  const closed = server.state.issues.find((i) => i.title === 'Handle gets too hot');
  if (closed) closed.updated_at = isoAgo(2 * 3600_000 + 60_000);
  const pr = server.state.issues.find((i) => i.title === 'Quieter lid');
  if (!pr?.pull) throw new Error('no pull request to merge');
  Object.assign(pr.pull, { merged: true, merged_at: isoAgo(DAY), merged_by: 'alice' });
  pr.state = 'closed';
  term = new Terminal({ KETTLE_URL: server.url, KETTLE_TOKEN: server.addToken('alice') });
});
afterAll(async () => {
  await term.close();
  await server.close();
});

/** Run kettle in a window of `cols` columns and return the screen (with escapes when asked). */
async function show(args: string[], opts: { cols?: number; env?: Record<string, string>; escapes?: boolean } = {}) {
  const pane = await term.kettle(args, { cols: opts.cols ?? 100, ...(opts.env ? { env: opts.env } : {}) });
  const { code, screen } = await pane.exit();
  expect(code, screen).toBe(0);
  return opts.escapes ? (await pane.screen({ escapes: true })).replace(/^\[exit \d+\]\n?/m, '') : screen;
}

/** Run kettle with stdout piped through cat into a file (the terminal stays on stdin and stderr). */
async function piped(args: string[], file: string): Promise<string> {
  const out = join(term.home, file);
  const pane = await term.shell(`${kettleCommand(args)} | cat > ${out}`);
  const { code, screen } = await pane.exit();
  expect(code, screen).toBe(0);
  return readFileSync(out, 'utf8');
}

const stateCell = (color: number, state: string) => new RegExp(`\\u001b\\[${color}m${state}\\u001b\\[39m`);

describe('issue list and pr list on a terminal', () => {
  it('shows a header, relative dates and states in colour', async () => {
    const screen = await show(['issue', 'list', '-R', 'alice/teapot', '--state', 'all'], { escapes: true });
    const text = screen.replace(new RegExp(SGR.source, 'g'), '');
    expect(text).toMatch(/^NUMBER +TITLE +STATE +LABELS +UPDATED *$/m);
    expect(text).toMatch(/Lid rattles when the water boils +open +bug +\d+ months? ago/);
    expect(text).toMatch(/ open +3 days ago *$/m);
    expect(text).toMatch(/Handle gets too hot +closed +2 hours ago *$/m);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(screen).toMatch(/\u001b\[1mNUMBER/);
    expect(screen).toMatch(stateCell(32, 'open'));
    expect(screen).toMatch(stateCell(31, 'closed'));
  });

  it('shows merged pull requests in magenta', async () => {
    const screen = await show(['pr', 'list', '-R', 'alice/teapot', '--state', 'all'], { escapes: true });
    expect(screen.replace(new RegExp(SGR.source, 'g'), '')).toMatch(/Quieter lid +feature\/lid -> main +merged/);
    expect(screen).toMatch(stateCell(35, 'merged'));
  });

  it.each([
    ['NO_COLOR=1', [], { NO_COLOR: '1' }],
    ['--no-color', ['--no-color'], {}],
  ])('has no colour with %s', async (_what, flag, env) => {
    const screen = await show(['issue', 'list', '-R', 'alice/teapot', '--state', 'all', ...flag], { escapes: true, env });
    expect(screen).toMatch(/^NUMBER +TITLE/m);
    expect(screen).toMatch(/ closed +2 hours ago/);
    expect(screen).not.toMatch(SGR);
  });

  it('shortens long titles to the width of a narrow window, and only the title', async () => {
    const cols = 60;
    const screen = await show(['issue', 'list', '-R', 'alice/teapot'], { cols });
    const rows = screen.split('\n').filter((l) => l.trim() !== '');
    // capture-pane joins wrapped lines, so a line wider than the window would show here.
    for (const row of rows) expect([...row].length, row).toBeLessThanOrEqual(cols);
    const long = rows.find((r) => r.includes('The lid rattles'));
    expect(long).toMatch(/The lid rattles.*… +open +3 days ago$/);
    expect(long).not.toContain('every stove we own');
  });

  it('gives way in the other columns when the title alone cannot make the table fit', async () => {
    const cols = 50;
    const screen = await show(['pr', 'list', '-R', 'alice/teapot', '--state', 'all'], { cols });
    const rows = screen.split('\n').filter((l) => l.trim() !== '');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect([...row].length, row).toBeLessThanOrEqual(cols);
    expect(rows.find((r) => r.includes('Quieter lid'))).toMatch(/ merged /);
  });
});

describe("the server's control characters on a terminal", () => {
  const RAW = 'Kettle \u001b]2;pwned\u0007sings \u001b[31mloudly\u001b[0m';

  it('are shown in caret notation in a list and a view, not obeyed', async () => {
    const repo = server.state.addRepo('alice', 'escapes');
    const issue = server.state.addIssue(repo, 'alice', { title: RAW, body: `first line\n\u001b[2Jsecond line` });
    for (const args of [
      ['issue', 'list', '-R', 'alice/escapes'],
      ['issue', 'view', String(issue.number), '-R', 'alice/escapes'],
    ]) {
      const pane = await term.kettle(args, { cols: 120 });
      const { code, screen } = await pane.exit();
      expect(code, screen).toBe(0);
      // Visible as text; no colour before "loudly" and the window keeps its
      // title: neither sequence was obeyed.
      expect(screen).toContain('^[]2;pwned^Gsings ^[[31mloudly');
      expect(await pane.screen({ escapes: true })).not.toMatch(/\u001b\[31mloudly/);
      expect(await term.tmux(['display-message', '-p', '-t', pane.id, '#{pane_title}'])).not.toContain('pwned');
    }
    const view = await show(['issue', 'view', String(issue.number), '-R', 'alice/escapes']);
    expect(view).toContain('^[[2Jsecond line');
  });
});

describe("the server's bidirectional and zero-width characters", () => {
  const RAW = 'Quote from invoice_\u202Etxt.exe with a zero\u200Bwidth space';

  it('are shown as <U+XXXX> on a terminal, in line with the other rows, and kept when piped', async () => {
    const repo = server.state.addRepo('alice', 'bidi');
    server.state.addIssue(repo, 'alice', { title: RAW });
    server.state.addIssue(repo, 'bob', { title: 'Plain' });
    const screen = await show(['issue', 'list', '-R', 'alice/bidi'], { cols: 120 });
    expect(screen).toContain('invoice_<U+202E>txt.exe with a zero<U+200B>width space');
    expect(screen).not.toMatch(/[\u202e\u200b]/);
    // The state column starts at the same place in the header and both rows.
    const rows = screen.split('\n').filter((l) => /\b(STATE|open)\b/.test(l));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.search(/\b(STATE|open)\b/))).size, rows.join('\n')).toBe(1);
    const out = await piped(['issue', 'list', '-R', 'alice/bidi'], 'bidi.txt');
    expect(out).toContain(`\t${RAW}\t`);
  });
});

describe('wide, emoji and decomposed text', () => {
  // Titles whose width is not their length: CJK and fullwidth (two columns a
  // character), emoji (two, however many code points; 🫖 and ❤️‍🔥 are newer than
  // cli-table3's own width rule), and text decomposed (NFD, as macOS file
  // names arrive): Hangul in jamo, Latin with combining accents.
  const TITLES = [
    '急須の蓋がカタカタ鳴る',
    'teapot 🫖 and fire ❤️‍🔥',
    '👨‍👩‍👧 family 👍🏽 🇫🇷',
    '\u1112\u1161\u11ab\u1100\u1173\u11af 주전자',
    'cafe\u0301 re\u0301sume\u0301 NFD',
    'Ｆｕｌｌｗｉｄｔｈ',
    'Plain ASCII title',
  ];

  it.each([120, 40])('line up in %i columns: the state starts at the same column on every row, and nothing wraps', async (cols) => {
    const name = `wide-${cols}`;
    const repo = server.state.addRepo('alice', name);
    for (const title of TITLES) server.state.addIssue(repo, 'alice', { title });
    const pane = await term.kettle(['issue', 'list', '-R', `alice/${name}`, '--fields', 'number,title,state'], { cols });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    const lines = screen.split('\n').filter((l) => /\b(STATE|open)$/.test(l));
    expect(lines, screen).toHaveLength(TITLES.length + 1);
    // What tmux shows as rows is what was printed as lines: no line was wider than the window.
    const rows = (await pane.rows()).filter((l) => /\b(STATE|open)$/.test(l));
    expect(rows).toEqual(lines);
    // Every line ends with the state: where it starts, in columns, is the same on every line.
    const stateAt = (line: string) => displayWidth(line.slice(0, line.search(/(STATE|open)$/)));
    const header = lines[0] ?? '';
    for (const line of lines) expect(stateAt(line), `${header}\n${line}`).toBe(stateAt(header));
    // Decomposed text is shown composed.
    if (cols === 120) {
      expect(screen).toContain('한글 주전자');
      expect(screen).toContain('café résumé NFD');
    }
  });
});

describe('the same lists piped', () => {
  it('are tab-separated, with ISO dates, no header, no colour and nothing cut', async () => {
    const out = await piped(['issue', 'list', '-R', 'alice/teapot', '--state', 'all'], 'issues.txt');
    expect(out).not.toMatch(SGR);
    expect(out).not.toContain('NUMBER');
    const rows = out
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    const long = rows.find((r) => r[1] === LONG_TITLE);
    expect(long).toEqual([expect.stringMatching(/^\d+$/), LONG_TITLE, 'open', '', expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)]);
    expect(Date.now() - Date.parse(long?.[4] ?? '')).toBeGreaterThan(3 * DAY);
    expect(rows.find((r) => r[1] === 'Handle gets too hot')?.[2]).toBe('closed');
  });

  it('print whole titles as JSON', async () => {
    const issues = JSON.parse(await piped(['issue', 'list', '-R', 'alice/teapot', '--json'], 'issues.json')) as Array<{ title: string }>;
    expect(issues.map((i) => i.title)).toContain(LONG_TITLE);
  });

  it('print whole titles as JSON on the terminal too', async () => {
    const screen = await show(['issue', 'list', '-R', 'alice/teapot', '--json', '--fields', 'title'], { cols: 60 });
    const issues = JSON.parse(screen) as Array<{ title: string }>;
    expect(issues.map((i) => i.title)).toContain(LONG_TITLE);
  });
});
