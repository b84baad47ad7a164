// "Migrating … 12 s" on stderr while kettle waits for one long request: only
// on a terminal, redrawn each second, erased when the wait is over.
import type { IO } from '../io.js';

const CLEAR_LINE = '\r\u001b[2K';

export class Elapsed {
  private readonly started = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly io: IO,
    private readonly text: (seconds: number) => string,
  ) {
    if (!io.stderrIsTTY) return;
    this.draw();
    this.timer = setInterval(() => this.draw(), 1000);
    // The display never keeps the process alive.
    this.timer.unref();
  }

  private draw(): void {
    this.io.stderr.write(`${CLEAR_LINE}${this.text(Math.floor((Date.now() - this.started) / 1000))}`);
  }

  /** Stop and erase the line; safe to call twice. */
  done(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.io.stderr.write(CLEAR_LINE);
  }
}
