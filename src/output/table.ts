// Tables on a terminal. kettle decides the layout: which columns fit the
// window, which give way (the title first, then the others down to their
// header), which are left out by rank; and draws it, borderless, two blanks
// between columns, none after the last. Text is normalised to NFC and format
// characters are shown escaped (see visibleCell), then each cell is cut and
// padded to its column by kettle's width rule (text/width.ts), the one that
// measured it.
import type { IO } from '../io.js';
import { type Column, cellValue, loadChalk, paintState, type Row, ttyText } from './cells.js';
import { displayWidth, padding, truncateToWidth } from '../text/width.js';

/** The narrowest a shortened title gets, as a last resort: a few characters and the ellipsis. */
const MIN_FLEX = 12;
/**
 * The title keeps this much before a column with a drop rank is left out: a
 * few words, not one (50 columns hold a number, a state and 30 of a title).
 * Dates, labels, authors and branches go first.
 */
const COMFORT_FLEX = 30;
/** The last columns with a rank, when they are states ("open": six columns that say much), are left out only when the title would keep less than this. */
const COMFORT_FLEX_BY_STATE = 20;
const MIN_OTHER = 5;

const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);

/** Each column's width with nothing cut: its widest cell or header. */
function naturalWidths(headers: string[], rows: string[][]): number[] {
  // A loop, not Math.max(...cells): a long list would overflow the call's arguments.
  const widths = headers.map(displayWidth);
  for (const row of rows) {
    for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i] ?? 0, displayWidth(row[i] ?? ''));
  }
  return widths;
}

/**
 * Columns whose cells are worth nothing cut: a state ("merg…"), a time
 * ("10 mo…") and a record's key (a number or a name, a column without a drop
 * rank that is not the title).
 */
const whole = (c: Column | undefined) => c !== undefined && (c.kind === 'state' || c.kind === 'time' || (c.drop === undefined && !c.flex));

/** How narrow a column gets before a ranked column is left out instead. */
function comfortable(column: Column | undefined, natural: number, header: string): number {
  if (column?.flex) return Math.min(natural, COMFORT_FLEX);
  if (whole(column)) return natural;
  return Math.min(natural, Math.max(MIN_OTHER, displayWidth(header), column?.narrowest ?? 0));
}

/**
 * Column widths that fit `total` characters: the flexible column (the title)
 * gives way first, down to COMFORT_FLEX; then the other columns, widest first,
 * down to their header (a state, a time or a record's key not at all); then
 * the title down to MIN_FLEX; then every column but the state down to
 * MIN_OTHER (headers cut); and only in a window narrower than all that does
 * every column give way further, down to one character. Widths are display
 * widths (a wide character counts two).
 */
export function fitWidths(headers: string[], rows: string[][], columns: Column[], total: number, gap = 2): number[] {
  const widths = naturalWidths(headers, rows);
  let overflow = sum(widths) + gap * (widths.length - 1) - total;
  const flex = columns.findIndex((c) => c.flex);
  const at = (i: number) => widths[i] ?? 0;
  const shrink = (floor: (i: number) => number) => {
    while (overflow > 0) {
      let widest = -1;
      for (let i = 0; i < widths.length; i++) if (at(i) > floor(i) && (widest < 0 || at(i) > at(widest))) widest = i;
      if (widest < 0) return;
      widths[widest] = at(widest) - 1;
      overflow--;
    }
  };
  const natural = [...widths];
  const soft = natural.map((w, i) => comfortable(columns[i], w, headers[i] ?? ''));
  const keep = (i: number) => columns[i]?.kind === 'state';
  if (flex >= 0) shrink((i) => (i === flex ? (soft[i] ?? 0) : Infinity));
  shrink((i) => soft[i] ?? 0);
  shrink((i) => (i === flex ? MIN_FLEX : (soft[i] ?? 0)));
  shrink((i) => (keep(i) ? Infinity : i === flex ? MIN_FLEX : MIN_OTHER));
  shrink(() => 1);
  return widths;
}

export interface TableLayout {
  /** The indexes of the columns shown, in their order. */
  shown: number[];
  /** The width of each column shown. */
  widths: number[];
}

/**
 * Which columns a table shows in `total` characters, and how wide. Every
 * column stays while each at its comfortable width (the title a few words,
 * the others their header, a state, a time or a key whole) fits; when they
 * do not, the columns with a drop rank are left out, rank 1 first, until the
 * rest fits, so dates, labels, authors and branches go before a title is cut
 * below a few words (COMFORT_FLEX); a state goes only when the title would
 * keep less than COMFORT_FLEX_BY_STATE.
 * If even the columns without a rank do not fit, they are cut (see
 * fitWidths), and in a window with less than one character a column, the
 * last ones are left out: a line is never wider than `total`.
 */
export function layoutTable(headers: string[], rows: string[][], columns: Column[], total: number, gap = 2): TableLayout {
  const natural = naturalWidths(headers, rows);
  const soft = columns.map((c, i) => comfortable(c, natural[i] ?? 0, headers[i] ?? ''));
  let shown = columns.map((_, i) => i);
  const fits = (chosen: number[], width: (i: number) => number) => sum(chosen.map(width)) + gap * (chosen.length - 1) <= total;
  const ranked = columns
    .map((c, i) => ({ rank: c.drop, i }))
    .filter((c): c is { rank: number; i: number } => c.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || b.i - a.i);
  const flex = columns.findIndex((c) => c.flex);
  for (const { i } of ranked) {
    const onlyStates = shown.every((j) => columns[j]?.drop === undefined || columns[j]?.kind === 'state');
    const title = onlyStates ? Math.min(natural[flex] ?? 0, COMFORT_FLEX_BY_STATE) : (soft[flex] ?? 0);
    if (fits(shown, (j) => (j === flex ? title : (soft[j] ?? 0)))) break;
    shown = shown.filter((j) => j !== i);
  }
  while (shown.length > 1 && !fits(shown, () => 1)) shown = shown.slice(0, -1);
  const pick = <T>(list: T[]) => shown.map((i) => list[i] as T);
  const widths = fitWidths(pick(headers), rows.map(pick), pick(columns), total, gap);
  return { shown, widths };
}

/** Between two columns; none before the first or after the last. */
const GAP = '  ';

/** One line of a table: each cell cut to its column's width, styled after the cut, padded; two blanks between, none after. */
export function tableLine(cells: readonly string[], widths: readonly number[], style: (cut: string, i: number) => string = (text) => text): string {
  return cells
    .map((text, i) => {
      const cut = truncateToWidth(text, widths[i] ?? 0);
      return style(cut, i) + padding(cut, widths[i] ?? 0);
    })
    .join(GAP)
    .trimEnd();
}

/**
 * The table's lines. Each cell is cut to its column and padded to it by
 * kettle's width rule; colour goes on the cut text, so its codes take no
 * column and the padding stays outside them. A line ends with its last cell:
 * no trailing blanks. (A table library was tried here: cli-table3 pads and cuts every cell
 * by its own width rule, string-width's, which counts 🫖 one column and ❤️‍🔥
 * five, and none of its options turns that off, so its rows misaligned.)
 */
export async function renderTable(io: IO, records: Row[], columns: Column[]): Promise<string> {
  // Loaded here, on a terminal only: a pipe never draws a table.
  const chalk = await loadChalk(io);
  const all = records.map((r) => columns.map((c) => ttyText(cellValue(r, c), c, io)));
  const headers = columns.map((c) => c.header);
  const { shown, widths } = layoutTable(headers, all, columns, io.columns);
  const chosen = shown.map((i) => columns[i] as Column);
  const paint = (text: string, i: number) => {
    const kind = chosen[i]?.kind;
    if (kind === 'state') return paintState(chalk, text);
    if (kind === 'time') return chalk.dim(text);
    return text;
  };
  const line = (cells: string[], style: (text: string, i: number) => string) => tableLine(cells, widths, style);
  const lines = [
    line(
      chosen.map((c) => c.header),
      (text) => chalk.bold(text),
    ),
  ];
  for (const row of all)
    lines.push(
      line(
        shown.map((from) => row[from] ?? ''),
        paint,
      ),
    );
  return `${lines.join('\n')}\n`;
}
