// A block of lines drawn again in place on a terminal (run watch, pr checks
// --watch): each drawing goes back up over the last and clears it. Going back
// up counts the lines written, so a line wider than the window, which the
// terminal wraps onto two rows, would leave the top row of each drawing
// behind: a copy of the header stacked per refresh. Every line is fitted to
// the window's width first, as a table's rows are, so a line is one row.
import type { Writable } from 'node:stream';
import { displayWidth, truncateToWidth } from '../text/width.js';

/** kettle's own colour sequences (SGR); server text reaching here has its controls made visible already. */
const COLOUR = /(\u001b\[[0-9;]*m)/;

/**
 * The line cut to at most `width` columns, ending with "…" when cut. Colour
 * sequences take no column and are all kept, so a colour begun before the cut
 * is still ended after it.
 */
export function fitLine(line: string, width: number): string {
  if (width <= 0) return '';
  const parts = line.split(COLOUR);
  const text = parts.filter((_, i) => i % 2 === 0).join('');
  if (displayWidth(text) <= width) return line;
  // Room for the text before the "…".
  const room = width - 1;
  let out = '';
  let used = 0;
  let cut = false;
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 1) {
      out += part;
      continue;
    }
    if (cut) continue;
    const w = displayWidth(part);
    if (used + w <= room) {
      out += part;
      used += w;
      continue;
    }
    // truncateToWidth keeps at most room - used columns before its own "…".
    out += `${truncateToWidth(part, room - used + 1).slice(0, -1)}…`;
    cut = true;
  }
  return out;
}

/** Each line of the text fitted to `width` columns. */
export function fitLines(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => fitLine(line, width))
    .join('\n');
}

export class InPlace {
  /** What was drawn last (fitted), empty when nothing is on the screen. */
  private shown = '';

  constructor(
    private readonly out: Writable,
    private readonly columns: number,
  ) {}

  /**
   * Draw the text over the last drawing. It may end without a line feed (a
   * footer the cursor stays on); either way the next drawing goes up as many
   * rows as this one has line feeds.
   */
  draw(text: string): void {
    const fitted = fitLines(text, this.columns);
    this.out.write(`${this.erasing()}${fitted}`);
    this.shown = fitted;
  }

  /**
   * Write something of another stream's (a note on stderr, to the same
   * terminal) above the drawing: the drawing is erased, `write` runs, and the
   * drawing is made again below it, where the next one will go.
   */
  aside(write: () => void): void {
    if (this.shown === '') {
      write();
      return;
    }
    this.out.write(this.erasing());
    write();
    this.out.write(this.shown);
  }

  /** Back to where the last drawing began, and clear from there down. */
  private erasing(): string {
    if (this.shown === '') return '';
    const rows = this.shown.split('\n').length - 1;
    return `${rows > 0 ? `\u001b[${rows}A` : ''}\r\u001b[J`;
  }
}
