// Lists in narrow windows: the table fits whatever the width, leaving out the
// least important columns when even the narrowest columns do not fit, and
// keeps the number and the title. A line wider than the window would wrap:
// capture-pane -J joins wrapped rows back, so the joined lines and the rows
// on the screen are compared.
import { beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/text/width.js';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();

const LONG_TITLE = 'The whistle sounds a full minute before the water boils on every stove we own';
const WIDE_TITLE = '急須の蓋がカタカタ鳴る 🔥 when the water boils';
const LONG_PR = 'Make the lid quieter for people who make their tea late at night';

/** The issues and pull requests of alice/teapot each table should show, by number. */
const issues = new Map<number, string>();
const pulls = new Map<number, string>();

beforeAll(() => {
  const { state } = demo.server;
  const teapot = state.repo('alice', 'teapot');
  if (!teapot) throw new Error('no teapot');
  const labels = state.labels.filter((l) => l.repoId === teapot.id).map((l) => l.id);
  state.addIssue(teapot, 'carol', { title: LONG_TITLE, labels });
  state.addIssue(teapot, 'bob', { title: WIDE_TITLE, labels });
  state.addIssue(teapot, 'bob', { title: LONG_PR, pull: { head: 'feature/a-much-quieter-lid-for-night-owls', base: 'main' } });
  for (const issue of state.issues.filter((i) => i.repoId === teapot.id)) (issue.pull ? pulls : issues).set(issue.number, issue.title);
});

/** Run a list in a window `cols` wide; returns its lines, after checking that none wrapped or is wider than the window. */
async function table(args: string[], cols: number): Promise<string[]> {
  const pane = await demo.term.kettle(args, { cols, rows: 40 });
  const { code, screen } = await pane.exit();
  expect(code, screen).toBe(0);
  const joined = screen.trimEnd().split('\n');
  const rows = (await pane.rows()).filter((l) => !/^\[exit \d+\]$/.test(l));
  expect(rows, `rows on the screen:\n${rows.join('\n')}`).toEqual(joined);
  for (const line of joined) expect(displayWidth(line), line).toBeLessThanOrEqual(cols);
  return joined;
}

/** The number and the start of the title of every record, under the NUMBER and TITLE headers. */
function expectNumbersAndTitles(lines: string[], records: Map<number, string>): void {
  const [header = '', ...rows] = lines;
  expect(header).toMatch(/^NUMB(ER|…) +TITLE/);
  const title = header.indexOf('TITLE');
  expect(rows).toHaveLength(records.size);
  for (const [number, text] of records) {
    const row = rows.find((r) => r.startsWith(`${number} `));
    expect(row, `no row for #${number} in\n${lines.join('\n')}`).toBeDefined();
    // Numbers are plain digits, so the title starts right under its header:
    // there, not blank (an empty piece would be the start of any title).
    const shown = (row ?? '').slice(title, title + 4);
    expect(shown, row).toMatch(/^\S/);
    expect(text.startsWith(shown), row).toBe(true);
  }
}

describe.each([20, 30, 40, 52])('in a window %i columns wide', (cols) => {
  it('issue list fits, with the number and the title', async () => {
    const lines = await table(['issue', 'list', '-R', 'alice/teapot', '--state', 'all'], cols);
    expectNumbersAndTitles(lines, issues);
  });

  it('pr list fits, with the number and the title', async () => {
    const lines = await table(['pr', 'list', '-R', 'alice/teapot', '--state', 'all'], cols);
    expectNumbersAndTitles(lines, pulls);
  });
});

/** A header cell is the column's name, or its start and "…" when the column is cut. */
const names = (header: string, expected: string[]) =>
  header.split(/ {2,}/).map((cell, i) => {
    const name = expected[i] ?? '';
    return cell.endsWith('…') && name.startsWith(cell.slice(0, -1)) ? name : cell;
  });

describe('the columns left out as the window narrows', () => {
  it.each<[number, string[]]>([
    [100, ['NUMBER', 'TITLE', 'STATE', 'LABELS', 'UPDATED']],
    [64, ['NUMBER', 'TITLE', 'STATE', 'UPDATED']],
    [52, ['NUMBER', 'TITLE', 'STATE']],
    [40, ['NUMBER', 'TITLE', 'STATE']],
    [30, ['NUMBER', 'TITLE']],
    [20, ['NUMBER', 'TITLE']],
  ])('issue list at %i columns: %j', async (cols, expected) => {
    const [header = ''] = await table(['issue', 'list', '-R', 'alice/teapot', '--state', 'all'], cols);
    expect(names(header, expected)).toEqual(expected);
  });

  it.each<[number, string[]]>([
    [100, ['NUMBER', 'TITLE', 'BRANCHES', 'STATE', 'AUTHOR', 'UPDATED']],
    [40, ['NUMBER', 'TITLE', 'STATE']],
    [30, ['NUMBER', 'TITLE']],
    [20, ['NUMBER', 'TITLE']],
  ])('pr list at %i columns: %j', async (cols, expected) => {
    const [header = ''] = await table(['pr', 'list', '-R', 'alice/teapot', '--state', 'all'], cols);
    expect(names(header, expected)).toEqual(expected);
  });
});

describe('at 50 columns', () => {
  // Dates, labels, authors and branches are left out before a title is cut to
  // a word; no header is cut, nor a date ("10 mo…").
  it.each([
    ['issue list', ['issue', 'list', '-R', 'alice/teapot', '--state', 'all']],
    ['pr list', ['pr', 'list', '-R', 'alice/teapot', '--state', 'all']],
    ['issue list --all-repos', ['issue', 'list', '--all-repos', '--state', 'all']],
  ])('%s: the title keeps 20 columns or more; no header, number, state or date is cut', async (_what, args) => {
    const [header = '', ...rows] = await table(args, 50);
    expect(header).not.toContain('…');
    const starts = [...header.matchAll(/\S+/g)].map((m) => m.index);
    const title = header.indexOf('TITLE');
    const next = starts.find((at) => at > title) ?? 50;
    expect(next - title - 2, header).toBeGreaterThanOrEqual(20);
    // A number, a state or a date is never cut ("merg…", "10 mo…" help nobody).
    const whole = ['NUMBER', 'STATE', 'UPDATED'].map((name) => header.indexOf(name)).filter((at) => at >= 0);
    for (const row of rows) {
      for (const at of whole) {
        const end = starts.find((s) => s > at) ?? row.length;
        expect(row.slice(at, end), `${header}\n${row}`).not.toContain('…');
      }
    }
  });
});

describe('the other lists', () => {
  it.each([20, 30])('fit %i columns', async (cols) => {
    for (const args of [
      ['issue', 'list', '--all-repos', '--state', 'all'],
      ['repo', 'list'],
      ['org', 'list'],
      ['hook', 'list', '-R', 'alice/teapot'],
    ]) {
      const [header = ''] = await table(args, cols);
      expect(header, args.join(' ')).not.toBe('');
    }
  });
});

describe('pr list: the branches give way before the title is cut', () => {
  // A branch column cut to a stub ("feature -> m…") says nothing; the title
  // keeps a few words more than that. Dates, authors and branches go first.
  it.each<[number, string[]]>([
    [50, ['NUMBER', 'TITLE', 'STATE']],
    [80, ['NUMBER', 'TITLE', 'STATE', 'AUTHOR', 'UPDATED']],
  ])('at %i columns: %j, the title 30 columns or more', async (cols, expected) => {
    const [header = '', ...rows] = await table(['pr', 'list', '-R', 'alice/teapot', '--state', 'all'], cols);
    expect(names(header, expected)).toEqual(expected);
    expect(header).not.toContain('…');
    const title = header.indexOf('TITLE');
    const next = [...header.matchAll(/\S+/g)].map((m) => m.index).find((at) => at > title) ?? cols;
    expect(next - title - (next === cols ? 0 : 2), header).toBeGreaterThanOrEqual(30);
    const long = rows.find((r) => r.includes(LONG_PR.slice(0, 20)));
    expect(long?.slice(title, title + 30), rows.join('\n')).toBe(LONG_PR.slice(0, 30));
  });
});
