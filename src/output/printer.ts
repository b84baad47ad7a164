// Results on stdout in the three output modes: a table or labelled view on a
// terminal, tab-separated lines for scripts, and the server's records as JSON.
import type { IO } from '../context/io.js';
import { pipeControls, stringifyJson, visibleControls } from './controls.js';
import { hasPath, merge, pickFields, unknownPaths } from './fields.js';
import { type JqFilter, JqPages } from './jq.js';
import { type Column, cellValue, loadChalk, type OutputFlags, paintState, plainText, type Row, selectColumns, ttyText, unknownFields } from './cells.js';
import { renderTable } from './table.js';
import { Spool } from './spool.js';

export type { Column, OutputFlags, Row } from './cells.js';
export { plainText, selectColumns } from './cells.js';
export { fitWidths, layoutTable, type TableLayout } from './table.js';

export function renderPlain(records: Row[], columns: Column[]): string {
  return records.map((r) => `${columns.map((c) => plainText(cellValue(r, c))).join('\t')}\n`).join('');
}

/** One record for a script: a `key<TAB>value` line per column. */
export function renderRecordPlain(record: Row, columns: Column[]): string {
  return columns.map((c) => `${c.key}\t${plainText(cellValue(record, c))}\n`).join('');
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
    io.stdout.write(pipeControls(flags.jq.run(JSON.stringify(flags.fields ? pickFields(records, flags.fields) : records))));
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
  /** --jq's results as jq printed them, control characters too (`kettle api`, whose output is the server's bytes). */
  verbatim?: boolean;
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
  // jq prints strings raw: a control character in one is escaped (pipeControls).
  const jq = new JqPages(filter, (text) => spool.write(opts.verbatim ? text : pipeControls(text)), opts.spoolMemory);
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
/** JSON of a command's own shape (--json), run through --jq when given. */
export function printJson(io: IO, flags: OutputFlags, data: unknown, columns: Column[] = []): void {
  if (flags.jq) {
    io.stdout.write(flags.jq.run(JSON.stringify(flags.fields ? JSON.parse(renderJson(data, flags.fields, columns)) : data)));
    return;
  }
  io.stdout.write(renderJson(data, flags.fields, columns));
}

export async function printRecord(io: IO, flags: OutputFlags, server: object, columns: Column[]): Promise<void> {
  const record = server as Row;
  if (flags.jq) {
    io.stdout.write(pipeControls(flags.jq.run(JSON.stringify(flags.fields ? pickFields(record, flags.fields) : record))));
    return;
  }
  if (flags.json) {
    io.stdout.write(renderJson(record, flags.fields, columns));
    return;
  }
  const chosen = selectColumns(columns, flags.fields, [record]);
  if (!io.stdoutIsTTY) {
    io.stdout.write(renderRecordPlain(record, chosen));
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
