// Results on stdout, in one direction: records → field selection (select.ts)
// → jq or a formatter (formats.ts: table, rows, key/value, JSON) → the spool
// (spool.ts) → stdout. Each stage calls only the next.
import type { IO } from '../io.js';
import { pipeControls, stringifyJson } from '../text/controls.js';
import type { Column, OutputFlags, Row } from './cells.js';
import { type Format, jqFormat, jsonFormat, renderPlain, renderRecordPlain, renderRecordView, rowsFormat, tableFormat } from './formats.js';
import { Selection, selectWhole } from './select.js';
import { Spool } from './spool.js';

export type { Column, OutputFlags, Row } from './cells.js';

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
export async function printPages(io: IO, flags: OutputFlags, pages: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>, columns: Column[], opts: PrintOptions = {}): Promise<void> {
  const selection = new Selection(flags.fields, columns);
  const spool = opts.spool ?? new Spool(opts.spoolMemory);
  const write = (text: string | Buffer) => spool.write(text);
  const view = flags.fields ? selection.json : undefined;
  let format: Format;
  if (flags.jq) format = jqFormat(write, flags.jq, view, opts);
  else if (flags.json) format = jsonFormat(write, selection.json);
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
export function printList(io: IO, flags: OutputFlags, list: readonly object[], columns: Column[], empty?: string): Promise<void> {
  return printPages(io, flags, [list], columns, { empty });
}

/** A list's plain rows as text, --fields applied, for a command that arranges them itself. */
export function plainRows(flags: OutputFlags, list: readonly object[], columns: Column[]): string {
  const selection = new Selection(flags.fields, columns);
  selection.see(list);
  selection.check();
  return renderPlain(list as Row[], selection.columns);
}

/** JSON of one value (a record, a list held whole, or a command's own shape), with --fields applied. */
export function renderJson(data: unknown, fields: string[] | undefined, columns: Column[] = []): string {
  return `${stringifyJson(selectWhole(data, fields, columns), 2)}\n`;
}

/** JSON of one value (a record or a command's own shape), run through --jq when given. */
export function printJson(io: IO, flags: OutputFlags, data: unknown, columns: Column[] = []): void {
  if (flags.jq) io.stdout.write(pipeControls(flags.jq.run(JSON.stringify(selectWhole(data, flags.fields, columns)))));
  else io.stdout.write(renderJson(data, flags.fields, columns));
}

/** Print one record: JSON with --json or --jq, a labelled view on a terminal, `key<TAB>value` lines otherwise. */
export async function printRecord(io: IO, flags: OutputFlags, server: object, columns: Column[]): Promise<void> {
  if (flags.json || flags.jq) return printJson(io, flags, server, columns);
  const record = server as Row;
  const selection = new Selection(flags.fields, columns);
  selection.see([record]);
  selection.check();
  io.stdout.write(io.stdoutIsTTY ? await renderRecordView(io, record, selection.columns) : renderRecordPlain(record, selection.columns));
}
