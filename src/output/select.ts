// The field-selection stage of the printer: which columns a script or a
// terminal sees (--fields without --json), which parts of each record JSON
// and jq see (--fields with them), and the one check that a name is no typo.
import { type Column, cellValue, type Row, unknownFields } from './cells.js';
import { hasPath, merge, pickFields } from './fields.js';

export class Selection {
  /** The columns shown: every column, or those --fields names (a name that is no column is a path of the records). */
  readonly columns: Column[];
  /** A record as JSON shows it: the record, or the parts --fields names. */
  readonly json: (record: unknown) => unknown;
  /** Names that are neither a column nor a path of any record seen so far. */
  private unseen: string[];
  private count = 0;

  constructor(
    fields: string[] | undefined,
    private readonly all: Column[],
  ) {
    const byKey = new Map(all.map((c) => [c.key.toLowerCase(), c]));
    this.columns = fields ? fields.map((f) => byKey.get(f.toLowerCase()) ?? { key: f, header: f.toUpperCase() }) : all;
    this.unseen = (fields ?? []).filter((f) => !byKey.has(f.toLowerCase()));
    this.json = fields ? jsonView(fields, byKey) : (record) => record;
  }

  /** Records as they pass: each name still unseen is looked for in them. */
  see(records: readonly unknown[]): void {
    this.count += records.length;
    if (this.unseen.length > 0) this.unseen = this.unseen.filter((f) => !records.some((r) => hasPath(r, f)));
  }

  /** After the last record: a name no record had is most likely a typo (none can be told when there were no records). */
  check(): void {
    const unknown = this.unknown();
    if (unknown.length > 0) throw unknownFields(unknown, this.all);
  }

  /** The names no record seen had; none when no record was seen. */
  unknown(): string[] {
    return this.count > 0 ? this.unseen : [];
  }
}

/** The selection of one record or a list held whole, checked. */
export function selectWhole(data: unknown, fields: string[] | undefined, columns: Column[]): unknown {
  if (!fields) return data;
  const selection = new Selection(fields, columns);
  const records = Array.isArray(data) ? data : [data];
  selection.see(records);
  selection.check();
  return Array.isArray(data) ? records.map(selection.json) : selection.json(data);
}

/**
 * --fields with --json takes the names it takes without: a path of the
 * records keeps its nesting (the server's value); a column key the records
 * lack (whoami's server) gives the column's value under that key.
 */
function jsonView(fields: string[], byKey: Map<string, Column>): (record: unknown) => unknown {
  return (record) => {
    if (typeof record !== 'object' || record === null) return record;
    let out: Record<string, unknown> = {};
    for (const field of fields) {
      const column = byKey.get(field.toLowerCase());
      if (!hasPath(record, field) && column) out[column.key] = cellValue(record as Row, column) ?? null;
      else out = merge(out, pickFields(record, [field])) as Record<string, unknown>;
    }
    return out;
  };
}
