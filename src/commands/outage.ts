// A watch (run watch, workflow run --watch, pr checks --watch) rides out a
// server that is away for a while: a restart, a proxy answering 502 while it
// comes back, a connection refused or reset. The client's own retries last
// about a second; a watch may last an hour, and a CI gate reads its exit 1 as
// "failed". So a read that finds the server away is said once on stderr, the
// watch goes on at its interval, and the return is said too. It gives up
// after OUTAGE_LIMIT_MS without an answer, saying so, with the exit code of a
// network failure (1). Answers that are not an outage (401, 403, 404, 422)
// end the watch at once, as they end any command.
import { serverAway } from '../api/retry.js';
import type { Context } from '../context/context.js';
import { NetworkError, oneLine } from '../errors.js';

/** How long a watch waits for a server that does not answer. */
const OUTAGE_LIMIT_MS = 5 * 60_000;

function minutes(ms: number): string {
  const n = Math.round(ms / 60_000);
  return `${n} minute${n === 1 ? '' : 's'}`;
}

export class Outage {
  /** When the server was first found away, while it is (io.now's time). */
  private since: number | undefined;

  /**
   * `watching`: what is watched, for the last line (`run 7 of alice/teapot`).
   * `aside` writes a note where it does not break a drawing in place (see
   * InPlace.aside); by default the note is simply written.
   */
  constructor(
    private readonly ctx: Context,
    private readonly watching: string,
    private readonly aside: (write: () => void) => void = (write) => write(),
  ) {}

  /**
   * `read`'s answer, or undefined while the server is away (said when it is
   * first found so). Throws an error that is not an outage as it is, and an
   * outage longer than OUTAGE_LIMIT_MS as a NetworkError that says so.
   */
  async read<T>(read: () => Promise<T>): Promise<T | undefined> {
    let value: T;
    try {
      value = await read();
    } catch (err) {
      if (!serverAway(err)) throw err;
      const why = oneLine((err as Error).message);
      const now = this.ctx.io.now().getTime();
      if (this.since === undefined) {
        this.since = now;
        this.say(`the server is not answering (${why}); still watching, for up to ${minutes(OUTAGE_LIMIT_MS)}`);
      } else if (now - this.since >= OUTAGE_LIMIT_MS) {
        throw new NetworkError(`the server has not answered for ${minutes(OUTAGE_LIMIT_MS)} (${why}); giving up watching ${this.watching}`);
      }
      return undefined;
    }
    if (this.since !== undefined) {
      this.since = undefined;
      this.say('the server answers again; watching on');
    }
    return value;
  }

  private say(note: string): void {
    this.aside(() => this.ctx.term.info(`kettle: ${note}`));
  }
}
