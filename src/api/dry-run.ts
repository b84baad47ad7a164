// --dry-run, for every command at once: the request layer makes the reads a
// command needs and, instead of sending a write, shows it (method, path with
// its query, body with every secret as ***) and answers it itself. The answer
// is empty: a command that goes on without looking at it (a PATCH, then "✓
// Closed issue #3") goes on, and its further writes are shown too; one that
// reads the answer (the number of the issue just made), or asks the server
// again after a write (whose answer the write would have changed), stops
// there, saying after which write, with exit status 0.
//
// The same object holds back what kettle changes other than by a request: a
// git push (the server changes: a read after it stops the command, as after a
// request), and the changes on this machine (the config and settings files,
// the keyring, a git remote or branch, git's config, kettle's data folder),
// each shown as one line by the one place that makes it (config/store.ts,
// config/user-settings.ts, config/keyring.ts, context/git.ts, the extensions'
// data folder). Nothing else in kettle knows about --dry-run but the
// confirmation's wording (context/terminal.ts).
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
  /** Which writes were shown: to the server (a request, a git push), on this machine. */
  private readonly writes = { server: false, local: false };

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
    this.writes.server = true;
    return true;
  }

  /**
   * A change made other than by a request, shown as `line` (no secret in it)
   * and not made: on the server (a git push; `server` names it where a read
   * after it stops the command) or on this machine.
   */
  hold(line: string, on: { server: string } | 'local'): void {
    this.show(line);
    if (on === 'local') {
      this.writes.local = true;
      return;
    }
    this.lastWrite = on.server;
    this.writes.server = true;
  }

  /** What the confirmation of a command run dry says was not done. */
  get undone(): string {
    const { server, local } = this.writes;
    return local ? (server ? 'nothing was sent or changed' : 'nothing was changed') : 'nothing was sent';
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
