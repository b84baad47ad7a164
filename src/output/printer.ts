// Results on stdout, in one direction: records → field selection (select.ts)
// → jq or a formatter (formats.ts: table, rows, key/value, JSON) → the spool
// (spool.ts) → stdout. Each stage calls only the next.
import type { IO } from '../io.js';
import { pipeControls, stringifyJson, visibleCell, visibleControls } from '../text/controls.js';
import { type Column, type OutputChoice, plainText, type Row } from './cells.js';
import { type Format, jqFormat, jsonFormat, renderPlain, renderRecordPlain, renderRecordView, rowsFormat, tableFormat } from './formats.js';
import type { JqFilter } from './jq.js';
import { Selection, selectWhole } from './select.js';
import { Spool } from './spool.js';

export type { Column, OutputChoice, Row } from './cells.js';

export interface PrintOptions {
  /** Said on stderr, on a terminal, when the list is empty. */
  empty?: string;
  /** Called once every page has arrived, before anything is printed (to clear a progress line). */
  onFetched?: () => void;
  /** Text kept in memory before the spool spills to a temporary file. */
  spoolMemory?: number;
  /** The spool to print through (tests read what it held). */
  spool?: Spool;
  /** --jq's results as jq printed them, control characters too (`kettle api`, whose output is the server's bytes). */
  verbatim?: boolean;
}

/**
 * Print a list that arrives page by page, in the mode the flags and the
 * terminal ask for. The text gathers in a spool and reaches stdout only once
 * the last page has arrived (see spool.ts for why): a list is printed whole
 * or not at all.
 */
export async function printPages(io: IO, output: OutputChoice, pages: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>, columns: Column[], opts: PrintOptions = {}): Promise<void> {
  const selection = new Selection(output.fields, columns);
  const spool = opts.spool ?? new Spool(opts.spoolMemory);
  const write = (text: string | Buffer) => spool.write(text);
  const view = output.fields ? selection.json : undefined;
  let format: Format;
  if (output.kind === 'jq') format = jqFormat(write, output.jq, view, opts);
  else if (output.kind === 'json') format = jsonFormat(write, selection.json);
  else if (io.stdoutIsTTY) format = tableFormat(write, io, selection.columns, opts.empty);
  else format = rowsFormat(write, selection.columns);
  try {
    for await (const page of pages) {
      selection.see(page);
      format.add(page);
    }
    selection.check();
    await format.end();
    opts.onFetched?.();
    await spool.copyTo(io.stdout);
  } finally {
    format.dispose();
    spool.dispose();
  }
}

/** Print a list held whole. */
export function printList(io: IO, output: OutputChoice, list: readonly object[], columns: Column[], empty?: string): Promise<void> {
  return printPages(io, output, [list], columns, { empty });
}

/** A list's plain rows as text, --fields applied, for a command that arranges them itself. */
export function plainRows(output: OutputChoice, list: readonly object[], columns: Column[]): string {
  const selection = new Selection(output.fields, columns);
  selection.see(list);
  selection.check();
  return renderPlain(list as Row[], selection.columns);
}

/** JSON of one value (a record, a list held whole, or a command's own shape), with --fields applied. */
export function renderJson(data: unknown, fields: string[] | undefined, columns: Column[] = []): string {
  return `${stringifyJson(selectWhole(data, fields, columns), 2)}\n`;
}

/** JSON of one value (a record or a command's own shape), run through --jq when given. */
export function printJson(io: IO, output: OutputChoice, data: unknown, columns: Column[] = []): void {
  if (output.kind === 'jq') io.stdout.write(pipeControls(output.jq.run(JSON.stringify(selectWhole(data, output.fields, columns)))));
  else io.stdout.write(renderJson(data, output.fields, columns));
}

/** Print one record: JSON with --json or --jq, a labelled view on a terminal, `key<TAB>value` lines otherwise. */
export async function printRecord(io: IO, output: OutputChoice, server: object, columns: Column[]): Promise<void> {
  if (output.kind !== 'view') return printJson(io, output, server, columns);
  const record = server as Row;
  const selection = new Selection(output.fields, columns);
  selection.see([record]);
  selection.check();
  io.stdout.write(io.stdoutIsTTY ? await renderRecordView(io, record, selection.columns) : renderRecordPlain(record, selection.columns));
}

/**
 * One value alone, as stored, for `$(kettle variable get NAME)`: on a
 * terminal its control characters are made visible, in a pipe it is left as
 * it is.
 */
export function printValue(io: IO, value: string): void {
  io.stdout.write(`${io.stdoutIsTTY ? visibleControls(value) : value}\n`);
}

/** Names (a repository's topics), one a line: a JSON array with --json or --jq; nothing at all when there are none. */
export function printNames(io: IO, output: OutputChoice, names: readonly string[]): void {
  if (output.kind !== 'view') printJson(io, output, names);
  else if (names.length > 0) io.stdout.write(names.map((n) => `${io.stdoutIsTTY ? visibleCell(n) : plainText(n)}\n`).join(''));
}

/**
 * Text a command arranged itself (a status's sections, a view's extra lines,
 * the changes a watch saw), its server text already made safe for where it
 * goes.
 */
export function printText(io: IO, text: string): void {
  io.stdout.write(text);
}

/**
 * An answer read whole (`kettle api`): jq's results as jq printed them, when
 * a filter is given (the answer is JSON); JSON, pretty-printed; any other
 * text as it came, on a terminal with its control characters shown, not
 * obeyed.
 */
export function printAnswer(io: IO, text: string, json: { value: unknown } | undefined, jq?: JqFilter): void {
  if (jq) io.stdout.write(jq.run(text));
  else if (json) io.stdout.write(`${stringifyJson(json.value, 2)}\n`);
  else {
    const shown = io.stdoutIsTTY ? visibleControls(text.replace(/\r\n/g, '\n')) : text;
    io.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
  }
}
