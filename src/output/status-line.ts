// The one line kettle redraws in place on a terminal's stderr (a list's
// progress, a retry's countdown). An interrupt (Ctrl-C) ends the process from
// its signal handler, before the code that drew the line can erase it: the
// handler asks here, and erases it as success would, so no
// "Fetching issues… 550 of 1,500^C" is left behind. Kept tiny: the entry
// point loads it.
import type { Writable } from 'node:stream';

const CLEAR_LINE = '\r\u001b[2K';

let drawnOn: Writable | undefined;

/** A line was drawn in place on `stream` (and stays until erased). */
export function statusLineDrawn(stream: Writable): void {
  drawnOn = stream;
}

/** The line was erased by the code that drew it. */
export function statusLineErased(): void {
  drawnOn = undefined;
}

/** Erase the line left on the screen, if any; says whether there was one. */
export function eraseStatusLine(): boolean {
  const stream = drawnOn;
  drawnOn = undefined;
  if (!stream) return false;
  stream.write(CLEAR_LINE);
  return true;
}
