// What a command says to the user on stderr beside its results: notes,
// warnings, confirmations, --debug lines, and the countdown before a wait.
// Messages may carry the server's text (titles, URLs, answers): control
// characters in them are shown, not obeyed (see text/controls.ts).
import type { DryRun } from '../api/dry-run.js';
import type { IO } from '../io.js';
import { countdown } from '../output/countdown.js';
import { visibleControls } from '../text/controls.js';

export class Terminal {
  constructor(
    private readonly io: IO,
    private readonly debug: boolean,
    private readonly dryRun?: DryRun | undefined,
  ) {}

  /** A note for the user on stderr. */
  info(message: string): void {
    this.io.stderr.write(`${visibleControls(message)}\n`);
  }

  warn(message: string): void {
    this.io.stderr.write(`kettle: warning: ${visibleControls(message)}\n`);
  }

  /** A confirmation such as "✓ Closed issue #3", on stderr. */
  success(message: string): void {
    const mark = this.io.color ? '\u001b[32m✓\u001b[39m' : '✓';
    // Under --dry-run the writes were shown, not made: the confirmation says what would have been done.
    const tail = this.dryRun ? ` (dry run: ${this.dryRun.undone})` : '';
    this.io.stderr.write(`${mark} ${visibleControls(message)}${tail}\n`);
  }

  /** A --debug line; given as a function, it is made only under --debug (a date's text costs the time zone's set-up). */
  trace(line: string | (() => string)): void {
    if (this.debug) this.io.stderr.write(`[debug] ${visibleControls(typeof line === 'string' ? line : line())}\n`);
  }

  /** The note before kettle waits: one line, or on a terminal a countdown (output/countdown.ts). */
  waitNote(ms: number, reason: string): void {
    if (!this.io.stderrIsTTY) {
      this.info(`kettle: ${reason}; waiting ${Math.ceil(ms / 1000)} s before retrying`);
      return;
    }
    countdown(this.io, ms, (left) => `kettle: ${visibleControls(reason)}; retrying in ${left} s`);
  }
}
