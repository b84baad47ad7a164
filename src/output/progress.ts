// "Fetching issues… 1,250 of 5,000" on stderr while a long list loads: only on
// a terminal, only once the list has taken longer than about a second (a quick
// list should not flicker), and erased before the list is printed.
import type { IO } from '../io.js';
import { visibleCell } from '../text/controls.js';
import { statusLineDrawn, statusLineErased } from './status-line.js';

/** How long a list loads before the progress line appears. */
export const PROGRESS_DELAY_MS = 1000;
/** Redraw at most this often: a terminal is slower than a fast pool. */
const REDRAW_MS = 100;
const CLEAR_LINE = '\r\u001b[2K';

/**
 * 12,345: thousands grouped with commas. Not Intl.NumberFormat: creating one
 * starts ICU, about 10 ms, and every list command loads this module.
 */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function progressText(noun: string, received: number, total: number | undefined): string {
  const of = total !== undefined && total >= received ? ` of ${groupThousands(total)}` : '';
  return `Fetching ${noun}… ${groupThousands(received)}${of}`;
}

export class Progress {
  private received = 0;
  private total: number | undefined;
  private shown = false;
  private lastDraw = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly io: IO,
    private readonly noun: string,
    delayMs = PROGRESS_DELAY_MS,
    /** The line's wording (bytes for a transfer rather than records). */
    private readonly text: (noun: string, received: number, total: number | undefined) => string = progressText,
  ) {
    if (!io.stderrIsTTY) return;
    this.timer = setTimeout(() => this.draw(), delayMs);
    // A pending progress line never keeps the process alive.
    this.timer.unref();
  }

  update(received: number, total: number | undefined): void {
    this.received = received;
    this.total = total;
    if (this.shown && Date.now() - this.lastDraw >= REDRAW_MS) this.draw();
  }

  private draw(): void {
    this.timer = undefined;
    this.shown = true;
    this.lastDraw = Date.now();
    // The noun may hold a server's name (an asset being downloaded): shown, not obeyed.
    this.io.stderr.write(`${CLEAR_LINE}${visibleCell(this.text(this.noun, this.received, this.total))}`);
    statusLineDrawn(this.io.stderr);
  }

  /** Stop, and erase the line if it was drawn; safe to call twice. */
  done(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.shown) {
      this.io.stderr.write(CLEAR_LINE);
      statusLineErased();
    }
    this.shown = false;
  }
}
