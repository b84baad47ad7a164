// Tables on a terminal: column widths that fit the window (shortening the
// flexible column, then leaving out the least important ones), and the rows
// padded by kettle's own width rule.
import type { IO } from '../context/io.js';
import { type Column, cellValue, loadChalk, paintState, type Row, ttyText } from './cells.js';
import { displayWidth, padding, truncateToWidth } from './width.js';

/** The narrowest a shortened column gets: room for a few characters and the ellipsis. */
const MIN_FLEX = 12;
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
 * Column widths that fit `total` characters: the flexible column (the title)
 * gives way first, down to MIN_FLEX; if the table is still too wide, the widest
 * of the other columns give way one character at a time, first down to their
 * header, then below it. State columns keep their width: a cut "merg…" helps
 * nobody. Widths are display widths (a wide character counts two). Only if the
 * window is narrower than all that does every column, state and title too,
 * give way further, down to one character.
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
  const keep = (i: number) => columns[i]?.kind === 'state';
  if (flex >= 0) shrink((i) => (i === flex ? MIN_FLEX : Infinity));
  shrink((i) => (keep(i) ? Infinity : i === flex ? MIN_FLEX : Math.max(MIN_OTHER, displayWidth(headers[i] ?? ''))));
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
 * column stays while each at its narrowest (see fitWidths) fits; when they do
 * not, the columns with a drop rank are left out, rank 1 first, until the rest
 * fits. If even the columns without a rank do not fit at their narrowest, they
 * are cut below it, and in a window with less than one character a column,
 * the last ones are left out: a line is never wider than `total`.
 */
export function layoutTable(headers: string[], rows: string[][], columns: Column[], total: number, gap = 2): TableLayout {
  const natural = naturalWidths(headers, rows);
  const narrowest = columns.map((c, i) => {
    const width = natural[i] ?? 0;
    if (c.kind === 'state') return width;
    return Math.min(width, c.flex ? MIN_FLEX : MIN_OTHER);
  });
  let shown = columns.map((_, i) => i);
  const fits = (chosen: number[], width: (i: number) => number) => sum(chosen.map(width)) + gap * (chosen.length - 1) <= total;
  const ranked = columns
    .map((c, i) => ({ rank: c.drop, i }))
    .filter((c): c is { rank: number; i: number } => c.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || b.i - a.i);
  for (const { i } of ranked) {
    if (fits(shown, (j) => narrowest[j] ?? 0)) break;
    shown = shown.filter((j) => j !== i);
  }
  while (shown.length > 1 && !fits(shown, () => 1)) shown = shown.slice(0, -1);
  const pick = <T>(list: T[]) => shown.map((i) => list[i] as T);
  const widths = fitWidths(pick(headers), rows.map(pick), pick(columns), total, gap);
  return { shown, widths };
}

export async function renderTable(io: IO, records: Row[], columns: Column[]): Promise<string> {
  const chalk = await loadChalk(io);
  const all = records.map((r) => columns.map((c) => ttyText(cellValue(r, c), c, io)));
  const { shown, widths } = layoutTable(columns.map((c) => c.header), all, columns, io.columns);
  const chosen = shown.map((i) => columns[i] as Column);
  const texts = all.map((row) => shown.map((i) => row[i] ?? ''));
  // Each cell is padded here to its column's width as displayWidth measures
  // it. A table library measuring by a rule of its own (cli-table3 with
  // string-width) pads emoji sequences and marks differently, and the columns
  // no longer line up. Blanks go after the colour, two between columns, none
  // after the last.
  const line = (cells: Array<[text: string, paint: (text: string) => string]>) =>
    cells
      .map(([text, paint], i) => {
        const cut = truncateToWidth(text, widths[i] ?? 0);
        return i === cells.length - 1 ? paint(cut) : paint(cut) + padding(cut, widths[i] ?? 0);
      })
      .join('  ')
      .trimEnd();
  const bold = (text: string) => chalk.bold(text);
  const plain = (text: string) => text;
  const head = line(chosen.map((c) => [c.header, bold]));
  const body = texts.map((row) =>
    line(
      row.map((text, i) => {
        const kind = chosen[i]?.kind;
        if (kind === 'state') return [text, (cut) => paintState(chalk, cut)];
        if (kind === 'time') return [text, (cut) => chalk.dim(cut)];
        return [text, plain];
      }),
    ),
  );
  return `${[head, ...body].join('\n')}\n`;
}
