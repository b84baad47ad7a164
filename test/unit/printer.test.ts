import { describe, expect, it } from 'vitest';
import { createIO } from '../../src/io.js';
import { UsageError } from '../../src/errors.js';
import { crossRepoIssueColumns, issueColumns } from '../../src/commands/issue-columns.js';
import { prColumns } from '../../src/commands/pr/columns.js';
import { plainText } from '../../src/output/cells.js';
import { renderPlain } from '../../src/output/formats.js';
import { type Column, printList, renderJson, type Row } from '../../src/output/printer.js';
import { Selection } from '../../src/output/select.js';
import { fitWidths, layoutTable } from '../../src/output/table.js';

/** The columns --fields chooses, checked against the records. */
function selectColumns(columns: Column[], fields: string[] | undefined, records: Row[]): Column[] {
  const selection = new Selection(fields, columns);
  selection.see(records);
  selection.check();
  return selection.columns;
}
import { displayWidth } from '../../src/text/width.js';
import { testIO } from '../support/io.js';

const COLUMNS: Column[] = [
  { key: 'number', header: '#' },
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'user.login', header: 'AUTHOR' },
  { key: 'labels', header: 'LABELS', get: (r) => (r.labels as Array<{ name: string }>).map((l) => l.name) },
  { key: 'updated_at', header: 'UPDATED', kind: 'time' },
];

const RECORDS: Row[] = [
  {
    number: 1,
    title: 'Fix\tthe build',
    user: { login: 'alice', id: 10 },
    labels: [{ name: 'bug' }, { name: 'ui' }],
    updated_at: '2024-06-01T10:00:00Z',
    milestone: null,
  },
  {
    number: 2,
    title: 'Multi\nline\r\ntitle',
    user: { login: 'bob', id: 11 },
    labels: [],
    updated_at: '2024-06-02T10:00:00Z',
    milestone: { title: 'v1' },
  },
];

function column(key: string): Column {
  const c = COLUMNS.find((x) => x.key === key);
  if (!c) throw new Error(`no column ${key}`);
  return c;
}

describe('plainText', () => {
  it.each<[unknown, string]>([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['abc', 'abc'],
    [42, '42'],
    [0, '0'],
    [true, 'true'],
    [false, 'false'],
    [[], ''],
    [['a', 'b'], 'a,b'],
    [[1, null, 'x'], '1,,x'],
    [[['a', 'b'], 'c'], 'a,b,c'],
    [['a\tb', 'c\nd'], 'a\\tb,c\\nd'],
    [{ a: 1 }, '{"a":1}'],
    [{ a: 'x\ny' }, '{"a":"x\\\\ny"}'],
    [[{ name: 'bug' }], '{"name":"bug"}'],
    ['a\tb', 'a\\tb'],
    ['line1\nline2', 'line1\\nline2'],
    ['a\r\n\r\nb', 'a\\r\\n\\r\\nb'],
    ['a\t\t\nb', 'a\\t\\t\\nb'],
    ['C:\\tea\\new', 'C:\\\\tea\\\\new'],
    ['2024-06-01T10:00:00Z', '2024-06-01T10:00:00Z'],
  ])('%j -> %j', (value, expected) => {
    expect(plainText(value)).toBe(expected);
  });
});

describe('renderPlain', () => {
  it('prints one tab-separated line per record, no header, ISO times', () => {
    expect(renderPlain(RECORDS, COLUMNS)).toBe('1\tFix\\tthe build\talice\tbug,ui\t2024-06-01T10:00:00Z\n' + '2\tMulti\\nline\\r\\ntitle\tbob\t\t2024-06-02T10:00:00Z\n');
  });

  it('keeps the column count when values are missing', () => {
    const out = renderPlain([{ number: 3, labels: [] }], COLUMNS);
    expect(out).toBe('3\t\t\t\t\n');
    expect(out.split('\t')).toHaveLength(COLUMNS.length);
  });

  it('prints nothing for no records', () => {
    expect(renderPlain([], COLUMNS)).toBe('');
  });

  it('every line splits into exactly the columns', () => {
    const lines = renderPlain(RECORDS, COLUMNS).split('\n');
    expect(lines).toHaveLength(RECORDS.length + 1);
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(0, -1)) expect(line.split('\t')).toHaveLength(COLUMNS.length);
  });
});

describe('renderJson', () => {
  it('prints the records as they are, pretty, with a final newline', () => {
    const out = renderJson(RECORDS, undefined);
    expect(out).toBe(`${JSON.stringify(RECORDS, null, 2)}\n`);
    expect(JSON.parse(out)).toEqual(RECORDS);
  });

  it.each<[unknown, string[], unknown]>([
    [
      RECORDS,
      ['number', 'user.login'],
      [
        { number: 1, user: { login: 'alice' } },
        { number: 2, user: { login: 'bob' } },
      ],
    ],
    [RECORDS[0], ['title', 'labels.name'], { title: 'Fix\tthe build', labels: [{ name: 'bug' }, { name: 'ui' }] }],
    [RECORDS, ['milestone.title'], [{}, { milestone: { title: 'v1' } }]],
    [[], ['number'], []],
  ])('keeps only %#', (data, fields, expected) => {
    const out = renderJson(data, fields);
    expect(out.endsWith('\n')).toBe(true);
    expect(out).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  });

  it.each<[unknown, string]>([
    [[], '[]\n'],
    [{}, '{}\n'],
    [null, 'null\n'],
    [{ a: 1 }, '{\n  "a": 1\n}\n'],
  ])('%j', (data, expected) => {
    expect(renderJson(data, undefined)).toBe(expected);
  });
});

describe('selectColumns', () => {
  it('returns the columns unchanged without --fields', () => {
    expect(selectColumns(COLUMNS, undefined, RECORDS)).toBe(COLUMNS);
  });

  it.each<[string[], Column[]]>([
    [
      ['title', 'number'],
      [column('title'), column('number')],
    ],
    [
      ['TITLE', 'Number'],
      [column('title'), column('number')],
    ],
    [['User.Login'], [column('user.login')]],
    [
      ['labels', 'updated_at'],
      [column('labels'), column('updated_at')],
    ],
  ])('known keys %j', (fields, expected) => {
    const chosen = selectColumns(COLUMNS, fields, RECORDS);
    expect(chosen).toHaveLength(expected.length);
    chosen.forEach((c, i) => expect(c).toBe(expected[i]));
  });

  it.each<[string[], Column[]]>([
    [['user.id'], [{ key: 'user.id', header: 'USER.ID' }]],
    [
      ['number', 'milestone.title'],
      [column('number'), { key: 'milestone.title', header: 'MILESTONE.TITLE' }],
    ],
    [['milestone'], [{ key: 'milestone', header: 'MILESTONE' }]],
  ])('dotted paths of the records %j', (fields, expected) => {
    expect(selectColumns(COLUMNS, fields, RECORDS)).toEqual(expected);
  });

  it('renders a chosen dotted path in plain mode', () => {
    expect(renderPlain(RECORDS, selectColumns(COLUMNS, ['number', 'user.id', 'milestone.title'], RECORDS))).toBe('1\t10\t\n2\t11\tv1\n');
  });

  it('accepts any path when there are no records to check against', () => {
    expect(selectColumns(COLUMNS, ['anything'], [])).toEqual([{ key: 'anything', header: 'ANYTHING' }]);
  });

  it.each([
    [['nope'], 'unknown field nope in --fields; columns: number, title, user.login, labels, updated_at (or any field of --json)'],
    [['number', 'nope', 'user.nme'], 'unknown fields nope, user.nme in --fields; columns: number, title, user.login, labels, updated_at (or any field of --json)'],
  ])('rejects unknown fields %j', (fields, message) => {
    let caught: unknown;
    try {
      selectColumns(COLUMNS, fields, RECORDS);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).message).toBe(message);
    expect((caught as UsageError).exitCode).toBe(2);
  });
});

describe('fitWidths', () => {
  const cols: Column[] = [
    { key: 'number', header: 'N' },
    { key: 'title', header: 'TITLE', flex: true },
    { key: 'branches', header: 'BRANCHES', drop: 1 },
    { key: 'state', header: 'STATE', kind: 'state' },
  ];
  const headers = cols.map((c) => c.header);
  // Natural widths: 3, 40, 20, 6; with three gaps of 2: 75.
  const long = [['123', 'x'.repeat(40), 'y'.repeat(20), 'merged']];
  it.each([
    ['a table that fits keeps its widths', 80, [3, 40, 20, 6]],
    ['exactly wide enough', 75, [3, 40, 20, 6]],
    ['the title gives way first', 65, [3, 30, 20, 6]],
    ['the title stops at a few words (30), then the widest other column, down to its header', 55, [3, 30, 10, 6]],
    ['then the title, down to 12', 45, [3, 22, 8, 6]],
    ['then the others below their header, never below the floors', 33, [3, 12, 6, 6]],
    ['below the floors every column gives way, widest first, the state too', 30, [3, 10, 5, 6]],
    ['down to one character each', 10, [1, 1, 1, 1]],
  ])('%s (%i columns)', (_what, total, expected) => {
    expect(fitWidths(headers, long, cols, total)).toEqual(expected);
  });

  // Natural widths: 3, 30, 20, 6.
  const rows = [['123', 'x'.repeat(30), 'y'.repeat(20), 'merged']];

  it('without a flexible column shrinks the widest', () => {
    const plain = cols.map((c) => ({ ...c, flex: false, ...(c.key === 'title' ? { drop: 2 } : {}) }));
    expect(fitWidths(headers, rows, plain, 55)).toEqual([3, 20, 20, 6]);
    expect(fitWidths(headers, rows, plain, 45)).toEqual([3, 15, 15, 6]);
  });
});

describe('fitWidths with wide characters', () => {
  it('counts display columns, not characters', () => {
    const cols: Column[] = [
      { key: 'number', header: 'N' },
      { key: 'title', header: 'TITLE', flex: true },
    ];
    // '急須の蓋が鳴る' is 7 characters and 14 columns.
    expect(fitWidths(['N', 'TITLE'], [['1', '急須の蓋が鳴る']], cols, 80)).toEqual([1, 14]);
    expect(fitWidths(['N', 'TITLE'], [['1', '急須の蓋が鳴る']], cols, 15)).toEqual([1, 12]);
  });
});

describe('layoutTable', () => {
  const headersOf = (columns: Column[]) => columns.map((c) => c.header);
  const issueRow = ['12', 'Lid rattles when the water boils', 'closed', 'bug,enhancement', '10 months ago'];
  const prLongRow = ['5', 'Make the lid quieter for people who make their tea late at night', 'feature/quiet-lid -> main', 'merged', 'bob', '3 days ago'];
  const crossRow = ['wonderland/tea-party', ...issueRow];
  const keys = (columns: Column[], shown: number[]) => shown.map((i) => columns[i]?.key);

  it.each<[string, Column[], string[], number, string[]]>([
    ['issues, wide', issueColumns, issueRow, 100, ['number', 'title', 'state', 'labels', 'updated_at']],
    ['issues, every column at its comfortable width still fits', issueColumns, issueRow, 69, ['number', 'title', 'state', 'labels', 'updated_at']],
    ['issues: labels go first', issueColumns, issueRow, 68, ['number', 'title', 'state', 'updated_at']],
    ['issues: then the date, before the title is cut below 30', issueColumns, issueRow, 60, ['number', 'title', 'state']],
    ['issues at 50', issueColumns, issueRow, 50, ['number', 'title', 'state']],
    ['issues: the state stays while the title keeps 20', issueColumns, issueRow, 36, ['number', 'title', 'state']],
    ['issues: then the state', issueColumns, issueRow, 35, ['number', 'title']],
    ['issues at 20', issueColumns, issueRow, 20, ['number', 'title']],
    ['pull requests, wide', prColumns, prLongRow, 100, ['number', 'title', 'branches', 'state', 'author', 'updated_at']],
    ['pull requests, every column at its comfortable width still fits', prColumns, prLongRow, 88, ['number', 'title', 'branches', 'state', 'author', 'updated_at']],
    ['pull requests: the branches go first (not cut below 20)', prColumns, prLongRow, 87, ['number', 'title', 'state', 'author', 'updated_at']],
    ['pull requests at 80', prColumns, prLongRow, 80, ['number', 'title', 'state', 'author', 'updated_at']],
    ['pull requests: the date while the title keeps 30', prColumns, prLongRow, 66, ['number', 'title', 'state', 'author', 'updated_at']],
    ['pull requests: then the date', prColumns, prLongRow, 65, ['number', 'title', 'state', 'author']],
    ['pull requests: then the author', prColumns, prLongRow, 53, ['number', 'title', 'state']],
    ['pull requests: the author while the title keeps 30', prColumns, prLongRow, 54, ['number', 'title', 'state', 'author']],
    ['pull requests at 50', prColumns, prLongRow, 50, ['number', 'title', 'state']],
    ['pull requests: the state stays while the title keeps 20', prColumns, prLongRow, 36, ['number', 'title', 'state']],
    ['pull requests: then the state', prColumns, prLongRow, 35, ['number', 'title']],
    ['pull requests at 20', prColumns, prLongRow, 20, ['number', 'title']],
    ['issues of every repository at 50: the state before the repository', crossRepoIssueColumns, crossRow, 50, ['repository', 'number', 'title']],
    ['issues of every repository at 49: the repository goes last', crossRepoIssueColumns, crossRow, 49, ['number', 'title']],
  ])('%s (%i columns)', (_what, columns, row, total, expected) => {
    const { shown, widths } = layoutTable(headersOf(columns), [row], columns, total);
    expect(keys(columns, shown)).toEqual(expected);
    expect(widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1)).toBeLessThanOrEqual(total);
  });

  it.each([50, 80])('pull requests at %i columns: the title keeps 30 columns, the branches are not cut to a stub', (total) => {
    const { shown, widths } = layoutTable(headersOf(prColumns), [prLongRow], prColumns, total);
    expect(widths[shown.indexOf(1)]).toBeGreaterThanOrEqual(30);
    const branches = shown.indexOf(2);
    if (branches >= 0) expect(widths[branches]).toBeGreaterThanOrEqual(20);
  });

  it('changes nothing while every column fits at its comfortable width', () => {
    for (const total of [69, 70, 100]) {
      const { shown, widths } = layoutTable(headersOf(issueColumns), [issueRow], issueColumns, total);
      expect(shown).toEqual([0, 1, 2, 3, 4]);
      expect(widths).toEqual(fitWidths(headersOf(issueColumns), [issueRow], issueColumns, total));
    }
  });

  it('gives the room of a left-out column to the others', () => {
    const { widths } = layoutTable(headersOf(issueColumns), [issueRow], issueColumns, 40);
    // NUMBER 6, TITLE, STATE 6 and two gaps of 2.
    expect(widths).toEqual([6, 24, 6]);
  });

  it('leaves out columns of the same rank from the right', () => {
    const columns: Column[] = [
      { key: 'a', header: 'AAAAAAAA' },
      { key: 'b', header: 'BBBBBBBB', drop: 1 },
      { key: 'c', header: 'CCCCCCCC', drop: 1 },
    ];
    expect(layoutTable(headersOf(columns), [], columns, 18).shown).toEqual([0, 1]);
  });

  it.each<[number, number[], number[]]>([
    [30, [0, 1, 2], [12, 7, 7]],
    // Columns without a rank (picked with --fields) stay, cut below their narrowest, widest first,
    [20, [0, 1, 2], [6, 5, 5]],
    [8, [0, 1, 2], [1, 1, 2]],
    // and only when not even one character each fits are the last ones left out.
    [6, [0, 1], [2, 2]],
    [3, [0], [3]],
    [1, [0], [1]],
  ])('with no rank to go by, at %i columns shows %j', (total, shown, widths) => {
    const columns: Column[] = [
      { key: 'title', header: 'TITLE', flex: true },
      { key: 'user.id', header: 'USER.ID' },
      { key: 'milestone.title', header: 'MILESTONE.TITLE' },
    ];
    expect(layoutTable(headersOf(columns), [['A title of some length', '10', 'v1']], columns, total)).toEqual({ shown, widths });
  });
});

describe('printList: emoji sequences and bidirectional controls', () => {
  // Every row ends with a one-column cell, so a row that lines up with the
  // others is exactly as wide as the header.
  const columns: Column[] = [
    { key: 'title', header: 'TITLE', flex: true },
    { key: 'author', header: 'AUTHOR' },
    { key: 'state', header: 'STATE', kind: 'state' },
    { key: 'mark', header: 'M' },
  ];
  const records: Row[] = [
    { title: 'Plain ASCII title', author: 'alice', state: 'open', mark: 'a' },
    { title: 'Family 👨‍👩‍👧 outing', author: '👩🏽‍💻 dev', state: 'closed', mark: 'b' },
    { title: 'Flags 🇫🇷🇩🇪 and keycaps #️⃣1️⃣', author: 'bob 👍🏽', state: 'open', mark: 'c' },
    { title: 'Love ❤️ and fire ❤️‍🔥 🏳️‍🌈', author: 'carol', state: 'merged', mark: 'd' },
    { title: 'invoice_\u202Etxt.exe', author: '\u2067dave\u2069', state: 'open', mark: 'e' },
    { title: 'zero\u200Bwidth\uFEFF', author: 'erin\u200F', state: 'closed', mark: 'f' },
    { title: 'teapot 🫖 急須 e\u0301', author: 'ｶﾀ', state: 'open', mark: 'g' },
  ];

  async function print(opts: { tty: boolean; columns?: number; json?: boolean }): Promise<string> {
    const t = testIO({ tty: { stdout: opts.tty }, columns: opts.columns ?? 120, env: { FORCE_COLOR: '1' } });
    await printList(createIO(t.streams, false), { kind: opts.json ? 'json' : 'view' }, records, columns);
    return t.stdout.text();
  }
  const SGR = /\u001b\[[0-9;]*m/g;

  it.each([120, 60, 45, 30])('lines up every row in %i columns: each line as wide as the header, none wider than the window', async (cols) => {
    const lines = (await print({ tty: true, columns: cols })).replace(SGR, '').trimEnd().split('\n');
    expect(lines).toHaveLength(records.length + 1);
    const header = lines[0] ?? '';
    expect(header.endsWith('M'), header).toBe(true);
    for (const line of lines) {
      expect(displayWidth(line), line).toBe(displayWidth(header));
      expect(displayWidth(line), line).toBeLessThanOrEqual(cols);
    }
  });

  it('shows the bidirectional and zero-width controls on a terminal, and counts their escaped width', async () => {
    const lines = (await print({ tty: true })).replace(SGR, '').split('\n');
    expect(lines.find((l) => l.startsWith('invoice_'))).toMatch(/^invoice_<U\+202E>txt\.exe +<U\+2067>dave<U\+2069> +open +e$/);
    expect(lines.find((l) => l.startsWith('zero'))).toMatch(/^zero<U\+200B>width<U\+FEFF> +erin<U\+200F> +closed +f$/);
    expect(lines.join('\n')).not.toMatch(/[\u202e\u2067\u2069\u200b\ufeff\u200f]/);
  });

  it('keeps them exactly when piped and in --json', async () => {
    const plain = (await print({ tty: false })).split('\n');
    expect(plain[4]).toBe('invoice_\u202Etxt.exe\t\u2067dave\u2069\topen\te');
    expect(plain[5]).toBe('zero\u200Bwidth\uFEFF\terin\u200F\tclosed\tf');
    for (const tty of [true, false]) {
      expect(JSON.parse(await print({ tty, json: true }))).toEqual(records);
    }
  });
});
