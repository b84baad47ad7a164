// The terminal layout of one record's view, shared by the views that are not
// tables: a bold title, a line of state and who, labelled fields aligned, the
// text indented, and where to see it on the web. Server text shows its
// control characters in caret notation, never obeyed.
import { visibleControls } from '../text/controls.js';
import { displayWidth, padding } from '../text/width.js';

const ANSI = {
  bold: ['\u001b[1m', '\u001b[22m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  green: ['\u001b[32m', '\u001b[39m'],
  red: ['\u001b[31m', '\u001b[39m'],
  yellow: ['\u001b[33m', '\u001b[39m'],
  magenta: ['\u001b[35m', '\u001b[39m'],
} as const;

export type Style = keyof typeof ANSI;

const STATE_STYLE: Record<string, Style> = {
  open: 'green',
  closed: 'red',
  merged: 'magenta',
  draft: 'dim',
  latest: 'green',
  'pre-release': 'yellow',
  overdue: 'red',
};

/** Paint text in a style when colour is on. */
export function painter(color: boolean) {
  return (style: Style, text: string) => (color ? `${ANSI[style][0]}${text}${ANSI[style][1]}` : text);
}

export class ViewLayout {
  private readonly lines: string[] = [];

  constructor(private readonly color: boolean) {}

  paint(style: Style, text: string): string {
    return this.color ? `${ANSI[style][0]}${text}${ANSI[style][1]}` : text;
  }

  /** A state word in its colour (open green, closed red, …). */
  state(word: string): string {
    const style = STATE_STYLE[word];
    return style ? this.paint(style, word) : word;
  }

  line(text = ''): this {
    this.lines.push(text);
    return this;
  }

  /** The title in bold, then a dim suffix (`#12`, the tag). */
  title(text: string, suffix: string): this {
    return this.line(`${this.paint('bold', visibleControls(text))} ${this.paint('dim', suffix)}`);
  }

  /** Parts joined with • , the empty ones left out. */
  facts(parts: Array<string | undefined>): this {
    return this.line(parts.filter((p): p is string => p !== undefined && p !== '').join(' • '));
  }

  /** Labelled fields, labels padded to one width; a field without a value shows a dash. */
  fields(rows: Array<[string, string | undefined]>): this {
    const width = Math.max(...rows.map(([label]) => label.length)) + 2;
    for (const [label, value] of rows) {
      this.line(`${this.paint('bold', `${label}:`.padEnd(width))}${value === undefined || value === '' ? '—' : visibleControls(value)}`);
    }
    return this;
  }

  /** Text kept line by line, indented; `empty` (dim) when there is none. */
  text(body: string | null | undefined, empty: string): this {
    const text = (body ?? '').replace(/\r\n/g, '\n').trim();
    if (text === '') return this.line(this.paint('dim', empty));
    for (const l of text.split('\n')) this.line(`  ${visibleControls(l)}`);
    return this;
  }

  /** A table without borders: a bold header and columns aligned by display width (wide characters count two). */
  table(header: string[], rows: string[][], rightAligned: readonly number[] = []): this {
    const cells = rows.map((r) => r.map((c) => visibleControls(c)));
    const widths = header.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))));
    const render = (r: string[]) =>
      r
        .map((c, i) => {
          const w = widths[i] as number;
          if (i === r.length - 1 && !rightAligned.includes(i)) return c;
          return rightAligned.includes(i) ? padding(c, w) + c : c + padding(c, w);
        })
        .join('  ')
        .trimEnd();
    this.line(`  ${this.paint('bold', render(header))}`);
    for (const r of cells) this.line(`  ${render(r)}`);
    return this;
  }

  /** The closing line: where the record is on the web. */
  web(url: unknown): this {
    if (typeof url === 'string' && url !== '') this.line().line(this.paint('dim', `View it on the web: ${visibleControls(url)}`));
    return this;
  }

  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }
}
