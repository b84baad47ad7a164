// A line on a terminal's stderr that counts down the seconds of a wait
// ("retrying in 12 s"), rewritten each second and erased when the wait is over.
import type { IO } from '../io.js';
import { statusLineDrawn, statusLineErased } from './status-line.js';

const CLEAR_LINE = '\r\u001b[2K';

export function countdown(io: IO, ms: number, line: (secondsLeft: number) => string): void {
  const end = io.now().getTime() + ms;
  const draw = () => {
    const left = Math.max(0, Math.ceil((end - io.now().getTime()) / 1000));
    io.stderr.write(`${CLEAR_LINE}${left > 0 ? line(left) : ''}`);
    // Ctrl-C meanwhile erases it (main.ts), as a finished wait does.
    if (left > 0) statusLineDrawn(io.stderr);
    else statusLineErased();
    if (left === 0) clearInterval(timer);
  };
  const timer = setInterval(draw, 1000);
  // The wait itself keeps the process alive; the drawing must not.
  timer.unref();
  draw();
}
