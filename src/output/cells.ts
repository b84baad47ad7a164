// Columns and cells: what a record's fields look like in a table, a labelled
// view or a plain line, shared by the printer and the table layout.
import type { IO } from '../io.js';
import { UsageError } from '../errors.js';
import { unicodeEscape, visibleCell } from '../text/controls.js';
import { getPath } from './fields.js';
import type { JqFilter } from './jq.js';
import { looksLikeTimestamp, relativeTime } from './time.js';

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
  /**
   * With a drop rank: how narrow the column may be cut before it is left out
   * instead, for cells that say nothing cut short ("feature -> m…"). Its
   * header's width when not given.
   */
  narrowest?: number;
}

/**
 * The results a command line asked for, decided once before the verb runs
 * (gh's Exporter): the command's own view (a table or a labelled view on a
 * terminal, tab-separated lines in a pipe), JSON (--json), or jq's results
 * (--jq, compiled, which implies JSON). --fields chooses the fields of any.
 */
export type OutputChoice =
  | { readonly kind: 'view'; readonly fields?: string[] | undefined }
  | { readonly kind: 'json'; readonly fields?: string[] | undefined }
  | { readonly kind: 'jq'; readonly fields?: string[] | undefined; readonly jq: JqFilter };

export function cellValue(record: Row, column: Column): unknown {
  return column.get ? column.get(record) : getPath(record, column.key);
}

/** A value as the text it reads as: a list joined with commas, an object as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(valueText).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A value as text on one line, for a pipe: a tab or line break would break
 * `cut` and `awk`, so they are written `\t`, `\n` and `\r`, and a backslash
 * `\\`, as printf's escapes; any other control character (ESC, BEL, DEL,
 * the C1 controls) is written `\u001b`, so none reaches the terminal a pipe
 * often ends in. The row stays one line and `printf '%b'` recovers the text.
 */
export function plainText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(plainText).join(',');
  return escapeLine(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

const LINE_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeLine(text: string): string {
  return text.replace(/[\\\u0000-\u001f\u007f-\u009f]/g, (c) => LINE_ESCAPES[c] ?? unicodeEscape(c));
}

/** Choose the columns from --fields: known column keys, or dotted paths of the records. */

export function unknownFields(unknown: string[], columns: Column[]): UsageError {
  return new UsageError(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} in --fields; columns: ${columns.map((c) => c.key).join(', ')} (or any field of --json)`);
}

export async function loadChalk(io: IO) {
  const { Chalk } = await import('chalk');
  return new Chalk({ level: io.color ? 1 : 0 });
}

export type Paint = Awaited<ReturnType<typeof loadChalk>>;

export function paintState(chalk: Paint, state: string): string {
  switch (state) {
    case 'open':
      return chalk.green(state);
    case 'closed':
      return chalk.red(state);
    case 'merged':
      return chalk.magenta(state);
    default:
      break;
  }
  // A check's state, written with its mark ("✓ success").
  switch (state.replace(/^\S+ /, '')) {
    case 'success':
      return chalk.green(state);
    case 'failure':
    case 'error':
      return chalk.red(state);
    case 'pending':
    case 'warning':
      return chalk.yellow(state);
    default:
      return state;
  }
}

export function ttyText(value: unknown, column: Column, io: IO): string {
  if ((column.kind === 'time' || column.kind === undefined) && looksLikeTimestamp(value)) return relativeTime(value, io.now());
  // On a terminal the text is shown as written: no pipe escapes, control characters in caret notation.
  return visibleCell(valueText(value));
}
