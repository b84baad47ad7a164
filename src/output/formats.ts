// The formatter stage of the printer: records, already selected, become text
// in one of the output modes (a table or labelled view on a terminal,
// tab-separated lines for scripts, JSON, or jq's results). Each formatter
// writes its text to the next stage, the spool, and knows nothing of stdout.
import type { IO } from '../io.js';
import { pipeControls, stringifyJson, visibleControls } from '../text/controls.js';
import { type Column, cellValue, loadChalk, paintState, plainText, type Row, ttyText } from './cells.js';
import { type JqFilter, JqPages } from './jq.js';
import { JsonText } from './json-record.js';
import { renderTable } from './table.js';

/** A formatter of a list that arrives in pages. */
export interface Format {
  add(records: readonly unknown[]): void;
  /** After the last page: the text that closes the list. */
  end(): Promise<void>;
  dispose(): void;
}

type Write = (text: string | Buffer) => void;

/** Tab-separated lines, a record to a line: for scripts. */
export function renderPlain(records: readonly Row[], columns: Column[]): string {
  return records.map((r) => `${columns.map((c) => plainText(cellValue(r, c))).join('\t')}\n`).join('');
}

/** One record for a script: a `key<TAB>value` line per column. */
export function renderRecordPlain(record: Row, columns: Column[]): string {
  return columns.map((c) => `${c.key}\t${plainText(cellValue(record, c))}\n`).join('');
}

/** One record on a terminal: a bold label a line, multi-line values indented under theirs. */
export async function renderRecordView(io: IO, record: Row, columns: Column[]): Promise<string> {
  const chalk = await loadChalk(io);
  const width = Math.max(...columns.map((c) => c.header.length)) + 1;
  const lines = columns.map((c) => {
    const value = cellValue(record, c);
    let text = ttyText(value, c, io);
    if (c.kind === 'state') text = paintState(chalk, text);
    if (typeof value === 'string' && value.includes('\n') && c.kind !== 'time') {
      text = `\n${value
        .split(/\r?\n/)
        .map((l) => `  ${visibleControls(l)}`)
        .join('\n')}`;
    }
    return `${chalk.bold(`${c.header.toLowerCase()}:`.padEnd(width + 1))}${text}`;
  });
  return `${lines.join('\n')}\n`;
}

export function rowsFormat(write: Write, columns: Column[]): Format {
  return {
    add: (records) => {
      for (const record of records) write(renderPlain([record as Row], columns));
    },
    end: async () => {},
    dispose: () => {},
  };
}

/** A table needs every row for its column widths: it collects them (a terminal's list is short). */
export function tableFormat(write: Write, io: IO, columns: Column[], empty: string | undefined): Format {
  const records: Row[] = [];
  return {
    add: (page) => {
      for (const r of page) records.push(r as Row);
    },
    end: async () => {
      if (records.length > 0) write(await renderTable(io, records, columns));
      else if (empty) io.stderr.write(`${empty}\n`);
    },
    dispose: () => {},
  };
}

/** The text of a JSON array, one element at a time: the same text as stringifyJson(list, 2). */
export class JsonArrayText {
  private count = 0;

  /** The text of one more element. */
  add(record: unknown): string {
    // Stringified inside an array, the element comes out indented as an
    // element ("[\n  {…}\n]"): no second pass over the text to indent it.
    const text = stringifyJson([record], 2);
    return `${this.before()}${text.slice(1, -2)}`;
  }

  /** What comes before one more element whose text, indented as an element, is at hand (a JsonText). */
  before(): string {
    return this.count++ === 0 ? '[' : ',';
  }

  /** The closing text. */
  end(): string {
    return this.count === 0 ? '[]\n' : '\n]\n';
  }
}

/**
 * One JSON array, written record by record: a whole page's text would be one
 * large string. Records already rendered (JsonTexts: --json alone) are
 * written as they are, those that follow each other in their page's text in
 * one write.
 */
export function jsonFormat(write: Write, view: (record: unknown) => unknown): Format {
  const json = new JsonArrayText();
  return {
    add: (records) => {
      for (let i = 0; i < records.length; i++) {
        const record = records[i];
        if (!(record instanceof JsonText)) {
          write(json.add(view(record)));
          continue;
        }
        // The records that follow it in their page's text, commas between, are written with it.
        let last = record;
        for (let next = records[i + 1]; next instanceof JsonText && last.followedBy(next); next = records[i + 1]) {
          last = next;
          i++;
        }
        write(json.before());
        write(record.text.subarray(record.start, last.end));
      }
    },
    end: async () => write(json.end()),
    dispose: () => {},
  };
}

/**
 * jq's results: the program runs on each page as it arrives where it allows
 * (see JqShape), so what is kept is results rather than records. jq prints
 * strings raw: a control character in one is escaped, unless the output is
 * to be the program's own (verbatim, as `kettle api` prints the server's bytes).
 */
export function jqFormat(write: Write, filter: JqFilter, view: ((record: unknown) => unknown) | undefined, opts: { verbatim?: boolean; spoolMemory?: number }): Format {
  const jq = new JqPages(filter, (text) => write(opts.verbatim ? text : pipeControls(text)), opts.spoolMemory);
  return {
    add: (records) => jq.add(view ? records.map(view) : records),
    end: async () => jq.end(),
    dispose: () => jq.dispose(),
  };
}
