// A record of a list passed through as text (json-text.ts reads them; the
// printer, formats.ts, writes them): a module of its own, so that a printer
// that never sees one does not evaluate the reader's module, its tables and
// buffers (0.2 ms of a plain `issue list`'s start, test/tools/BENCH.md).

/**
 * One record as --json prints it inside the list: "\n  {…}", without the "["
 * or "," before it. It is text[start…end) of its page's text, in which the
 * page's records follow each other with a comma between them, so that the
 * printer writes a page's records at once (formats.ts jsonFormat) rather
 * than a view of each.
 */
export class JsonText {
  constructor(
    /** The record's `id` when it is a number or a string: what a list tells its records apart by. */
    readonly id: unknown,
    readonly text: Buffer,
    readonly start: number,
    readonly end: number,
  ) {}

  /** Whether `next` follows this record in its page's text, after a comma. */
  followedBy(next: JsonText): boolean {
    return next.text === this.text && next.start === this.end + 1;
  }

  /** The record's text, for a digest of a page whose records have no id. */
  toJSON(): string {
    return this.text.toString('utf8', this.start, this.end);
  }
}
