// Results on stdout in the three output modes: a table or labelled view on a
// terminal, tab-separated lines for scripts, and the server's records as JSON.
import type { IO } from '../context/io.js';
import { UsageError } from '../errors.js';
import { stringifyJson, visibleControls } from './controls.js';
import { getPath, hasPath, merge, pickFields, unknownPaths } from './fields.js';
import { type JqFilter, JqPages } from './jq.js';
import { Spool } from './spool.js';
import { looksLikeTimestamp, relativeTime } from './time.js';
import { displayWidth, padding, truncateToWidth } from './width.js';

export type Row = Record<string, unknown>;

export interface Column {
  /** Name accepted by --fields. */
  key: string;
  header: string;
  /** Defaults to reading `key` as a dotted path of the record. */
  get?: (record: Row) => unknown;
  kind?: 'text' | 'time' | 'state';
  /** The column shortened first when a table is wider than the terminal. */
  flex?: boolean;
  /**
   * When the table cannot fit the terminal even with every column at its
   * narrowest, columns with a rank are left out, rank 1 first; columns
   * without one (a list's number or name, and its title) stay.
   */
  drop?: number;
}

export interface OutputFlags {
  json: boolean;
  fields?: string[] | undefined;
  /** --jq, compiled (it implies --json). */
  jq?: JqFilter | undefined;
}

function cellValue(record: Row, column: Column): unknown {
  return column.get ? column.get(record) : getPath(record, column.key);
}

/**
 * A value as text on one line: a tab or line break would break `cut` and
 * `awk`, so they are written `\t`, `\n` and `\r`, and a backslash `\\`, as
 * printf's escapes: the row stays one line and the text can be recovered.
 */
export function plainText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(plainText).join(',');
  if (typeof value === 'object') return escapeLine(JSON.stringify(value));
  return escapeLine(String(value));
}

const LINE_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeLine(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => LINE_ESCAPES[c] ?? c);
}

/** Choose the columns from --fields: known column keys, or dotted paths of the records. */
export function selectColumns(columns: Column[], fields: string[] | undefined, records: Row[]): Column[] {
  if (!fields) return columns;
  const byKey = new Map(columns.map((c) => [c.key.toLowerCase(), c]));
  const chosen = fields.map((f) => byKey.get(f.toLowerCase()) ?? { key: f, header: f.toUpperCase() });
  const custom = chosen.filter((c) => !byKey.has(c.key.toLowerCase())).map((c) => c.key);
  const unknown = unknownPaths(records, custom);
  if (unknown.length > 0) throw unknownFields(unknown, columns);
  return chosen;
}

function unknownFields(unknown: string[], columns: Column[]): UsageError {
  return new UsageError(
    `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} in --fields; columns: ${columns.map((c) => c.key).join(', ')} (or any field of --json)`,
  );
}

async function loadChalk(io: IO) {
  const { Chalk } = await import('chalk');
  return new Chalk({ level: io.color ? 1 : 0 });
}

type Paint = Awaited<ReturnType<typeof loadChalk>>;

function paintState(chalk: Paint, state: string): string {
  switch (state) {
    case 'open':
      return chalk.green(state);
    case 'closed':
      return chalk.red(state);
    case 'merged':
      return chalk.magenta(state);
    default:
      return state;
  }
}

function ttyText(value: unknown, column: Column, io: IO): string {
  if ((column.kind === 'time' || column.kind === undefined) && looksLikeTimestamp(value)) return relativeTime(value, io.now());
  return visibleControls(plainText(value));
}

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

async function renderTable(io: IO, records: Row[], columns: Column[]): Promise<string> {
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

export function renderPlain(records: Row[], columns: Column[]): string {
  return records.map((r) => `${columns.map((c) => plainText(cellValue(r, c))).join('\t')}\n`).join('');
}

export function renderJson(data: unknown, fields: string[] | undefined, columns: Column[] = []): string {
  if (!fields) return `${stringifyJson(data, 2)}\n`;
  const records = (Array.isArray(data) ? data : [data]) as Row[];
  const unknown = unknownJsonFields(records, fields, columns);
  if (unknown.length > 0) throw unknownFields(unknown, columns);
  const view = jsonView(fields, columns);
  return `${stringifyJson(Array.isArray(data) ? records.map(view) : view(data as Row), 2)}\n`;
}

/**
 * --fields with --json takes the names it takes without: a path of the
 * records keeps its nesting (the server's value); a column key the records
 * lack (whoami's server) gives the column's value under that key.
 */
export function jsonView(fields: string[], columns: Column[]): (record: Row) => unknown {
  const byKey = new Map(columns.map((c) => [c.key.toLowerCase(), c]));
  return (record) => {
    if (typeof record !== 'object' || record === null) return record;
    let out: Record<string, unknown> = {};
    for (const field of fields) {
      const column = byKey.get(field.toLowerCase());
      if (!hasPath(record, field) && column) out[column.key] = cellValue(record, column) ?? null;
      else out = merge(out, pickFields(record, [field])) as Record<string, unknown>;
    }
    return out;
  };
}

/** Names that are neither a column nor a path any of the records has (none can be told when there are no records). */
function unknownJsonFields(records: Row[], fields: string[], columns: Column[]): string[] {
  const keys = new Set(columns.map((c) => c.key.toLowerCase()));
  return fields.filter((f) => !keys.has(f.toLowerCase()) && records.length > 0 && !records.some((r) => hasPath(r, f)));
}

/** Print a list of records in the mode the flags and the terminal ask for. */
// Records are the server's objects (typed after Gitea's description elsewhere); here they are read field by field.
export async function printList(io: IO, flags: OutputFlags, list: readonly object[], columns: Column[], empty?: string): Promise<void> {
  const records = list as Row[];
  if (flags.jq) {
    io.stdout.write(flags.jq.run(JSON.stringify(flags.fields ? pickFields(records, flags.fields) : records)));
    return;
  }
  if (flags.json) {
    io.stdout.write(renderJson(records, flags.fields, columns));
    return;
  }
  const chosen = selectColumns(columns, flags.fields, records);
  if (records.length === 0) {
    if (io.stdoutIsTTY && empty) io.stderr.write(`${empty}\n`);
    return;
  }
  io.stdout.write(io.stdoutIsTTY ? await renderTable(io, records, chosen) : renderPlain(records, chosen));
}

/** The text of a JSON array, one element at a time: the same text as stringifyJson(list, 2). */
export class JsonArrayText {
  private count = 0;

  private readonly view: ((record: Row) => unknown) | undefined;

  constructor(fields: string[] | undefined, columns: Column[] = []) {
    this.view = fields ? jsonView(fields, columns) : undefined;
  }

  /** The text of one more element. */
  add(record: unknown): string {
    // Stringified inside an array, the element comes out indented as an
    // element ("[\n  {…}\n]"): no second pass over the text to indent it.
    const text = stringifyJson([this.view ? this.view(record as Row) : record], 2);
    return `${this.count++ === 0 ? '[' : ','}${text.slice(1, -2)}`;
  }

  /** The closing text. */
  end(): string {
    return this.count === 0 ? '[]\n' : '\n]\n';
  }
}

export interface PrintPagesOptions {
  empty?: string;
  /** Called once every page has arrived, before anything is printed (to clear a progress line). */
  onFetched?: () => void;
  /** Text kept in memory before the spool spills to a temporary file. */
  spoolMemory?: number;
  /** The columns of the plain output: their keys are --fields names in --json too. */
  columns?: Column[];
  /** The spool to print through (tests read what it held). */
  spool?: Spool;
}

/**
 * Print a list that arrives page by page. --json and plain lines are
 * serialised page by page into a spool and reach stdout only once the last
 * page has arrived (see spool.ts for why); a table needs every row for its
 * column widths, so it collects the records, as a terminal list is short.
 */
export async function printPages(
  io: IO,
  flags: OutputFlags,
  records: AsyncIterable<readonly object[]>,
  columns: Column[],
  opts: PrintPagesOptions = {},
): Promise<void> {
  const pages = records as AsyncIterable<Row[]>;
  if (flags.jq) return printJqPages(io, pages, flags.jq, flags.fields, opts);
  if (!flags.json && io.stdoutIsTTY) {
    const records: Row[] = [];
    for await (const page of pages) for (const r of page) records.push(r);
    opts.onFetched?.();
    await printList(io, flags, records, columns, opts.empty);
    return;
  }
  if (flags.json) return printJsonPages(io, pages, flags.fields, { ...opts, columns });
  const spool = new Spool(opts.spoolMemory);
  try {
    // --fields paths that are not columns are checked against every record:
    // a path no record has is most likely a typo.
    const chosen = selectColumns(columns, flags.fields, []);
    const known = new Set(columns.map((c) => c.key.toLowerCase()));
    let count = 0;
    let unseen = chosen.filter((c) => !known.has(c.key.toLowerCase())).map((c) => c.key);
    for await (const page of pages) {
      count += page.length;
      if (unseen.length > 0) unseen = unknownPaths(page, unseen);
      for (const record of page) spool.write(renderPlain([record], chosen));
    }
    if (count > 0 && unseen.length > 0) throw unknownFields(unseen, columns);
    opts.onFetched?.();
    await spool.copyTo(io.stdout);
  } finally {
    spool.dispose();
  }
}

/**
 * Print a list that arrives page by page as one JSON array, the text of
 * stringifyJson(list, 2): serialised record by record into a spool,
 * printed once the last page has arrived (see spool.ts).
 */
export async function printJsonPages(io: IO, pages: AsyncIterable<unknown[]>, fields: string[] | undefined, opts: PrintPagesOptions = {}): Promise<void> {
  const spool = new Spool(opts.spoolMemory);
  const columns = opts.columns ?? [];
  try {
    const json = new JsonArrayText(fields, columns);
    // --fields names are checked against every record, as in plain output:
    // a name no record has (and no column) is most likely a typo.
    const keys = new Set(columns.map((c) => c.key.toLowerCase()));
    let unseen = (fields ?? []).filter((f) => !keys.has(f.toLowerCase()));
    let count = 0;
    // Record by record: a whole page's text would be one large string.
    for await (const page of pages) {
      count += page.length;
      if (unseen.length > 0) unseen = unseen.filter((f) => !page.some((r) => hasPath(r, f)));
      for (const record of page) spool.write(json.add(record));
    }
    if (count > 0 && unseen.length > 0) throw unknownFields(unseen, columns);
    spool.write(json.end());
    opts.onFetched?.();
    await spool.copyTo(io.stdout);
  } finally {
    spool.dispose();
  }
}

/**
 * Print the results of --jq on a list that arrives page by page: run on each
 * page as it arrives where the program allows it (see JqShape), so the spool
 * holds results rather than records; printed once the last page has arrived.
 */
export async function printJqPages(
  io: IO,
  pages: AsyncIterable<unknown[]>,
  filter: JqFilter,
  fields: string[] | undefined,
  opts: PrintPagesOptions = {},
): Promise<void> {
  const spool = opts.spool ?? new Spool(opts.spoolMemory);
  const jq = new JqPages(filter, (text) => spool.write(text), opts.spoolMemory);
  try {
    for await (const page of pages) jq.add(fields ? page.map((r) => pickFields(r, fields)) : page);
    jq.end();
    opts.onFetched?.();
    await spool.copyTo(io.stdout);
  } finally {
    jq.dispose();
    spool.dispose();
  }
}

/** Print one record: a labelled view on a terminal, `key<TAB>value` lines otherwise. */
export async function printRecord(io: IO, flags: OutputFlags, server: object, columns: Column[]): Promise<void> {
  const record = server as Row;
  if (flags.jq) {
    io.stdout.write(flags.jq.run(JSON.stringify(flags.fields ? pickFields(record, flags.fields) : record)));
    return;
  }
  if (flags.json) {
    io.stdout.write(renderJson(record, flags.fields, columns));
    return;
  }
  const chosen = selectColumns(columns, flags.fields, [record]);
  if (!io.stdoutIsTTY) {
    io.stdout.write(chosen.map((c) => `${c.key}\t${plainText(cellValue(record, c))}\n`).join(''));
    return;
  }
  const chalk = await loadChalk(io);
  const width = Math.max(...chosen.map((c) => c.header.length)) + 1;
  const lines = chosen.map((c) => {
    const value = cellValue(record, c);
    let text = ttyText(value, c, io);
    if (c.kind === 'state') text = paintState(chalk, text);
    // A multi-line value (an issue body) keeps its lines, indented under the label.
    if (typeof value === 'string' && value.includes('\n') && c.kind !== 'time') {
      text = `\n${value.split(/\r?\n/).map((l) => `  ${visibleControls(l)}`).join('\n')}`;
    }
    return `${chalk.bold(`${c.header.toLowerCase()}:`.padEnd(width + 1))}${text}`;
  });
  io.stdout.write(`${lines.join('\n')}\n`);
}
