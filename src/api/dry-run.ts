// --dry-run, for every command at once: the request layer makes the reads a
// command needs and, instead of sending a write, shows it (method, path with
// its query, body with every secret as ***) and answers it itself. The answer
// is empty: a command that goes on without looking at it (a PATCH, then "✓
// Closed issue #3") goes on, and its further writes are shown too; one that
// reads the answer (the number of the issue just made), or asks the server
// again after a write (whose answer the write would have changed), stops
// there, saying after which write, with exit status 0. Nothing else in kettle
// knows about --dry-run but the confirmation's wording (context/terminal.ts).
import { ExitCode, KettleError } from '../errors.js';
import { redactUrlsIn } from './redact.js';

/** How a dry-run ends early: not a failure (exit 0), and the one line says where it stopped. */
export class DryRunStopped extends KettleError {
  constructor(message: string) {
    super(`dry run: ${message}`, ExitCode.ok);
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The answers given to shown writes, and how each stops the command. */
const answers = new WeakMap<object, () => DryRunStopped>();

/**
 * Where a check of an answer's shape (response.ts: a list expected) meets the
 * answer to a write that was not sent: the stop, rather than a complaint
 * about the server's answer.
 */
export function heldBackStop(data: unknown): DryRunStopped | undefined {
  return typeof data === 'object' && data !== null ? answers.get(data)?.() : undefined;
}

/** One command's dry run: which writes were shown, and what becomes of the requests after them. */
export class DryRun {
  private lastWrite: string | undefined;

  constructor(private readonly show: (line: string) => void) {}

  /**
   * Before a request is sent: false for a read, which goes out (unless a write
   * came before it: then the command stops here); true for a write, shown and
   * not to be sent.
   */
  intercept(method: string, path: string, query: string, body: string | undefined, hide: (text: string) => string): boolean {
    const where = `${method} ${redactUrlsIn(`${path}${query}`)}`;
    if (READS.has(method.toUpperCase())) {
      if (this.lastWrite !== undefined) throw new DryRunStopped(`stopped before ${where}, which would read what ${this.lastWrite} changes; nothing was sent`);
      return false;
    }
    this.show(body === undefined ? where : `${where} ${hide(body)}`);
    this.lastWrite = `${method} ${path}`;
    return true;
  }

  /** Where a command that needs the write's answer itself stops (a streamed answer, kettle api). */
  stopAfterWrite(): DryRunStopped {
    return new DryRunStopped(`${this.lastWrite ?? 'the write'} shown above was not sent`);
  }

  /**
   * The answer a shown write gets: an object every read of which stops the
   * command there. Not a promise ('then' is absent), so returning it from an
   * async function reads nothing.
   */
  answer(): unknown {
    const stop = () => new DryRunStopped(`stopped after ${this.lastWrite}: what follows needs the server's answer to it; nothing was sent`);
    const answer = new Proxy(
      {},
      {
        get: (_target, key) => {
          if (key === 'then') return undefined;
          throw stop();
        },
        has: () => {
          throw stop();
        },
        ownKeys: () => {
          throw stop();
        },
      },
    );
    answers.set(answer, stop);
    return answer;
  }
}
