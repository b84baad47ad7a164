// In-memory streams for a command, like gh's iostreams.Test(): standard input
// from given text (or empty), standard output and error that keep what is
// written, and each of the three a terminal or not as the test says. One
// double serves both levels: `streams` is what execute() runs a command line
// against, `io` is what a printer or a progress line is handed directly.
import { Readable, Writable } from 'node:stream';
import { decideColor, type IO, type StreamsLike } from '../../src/io.js';

export type StreamName = 'stdin' | 'stdout' | 'stderr';

/** true or false for all three streams, or per stream (unnamed ones are not terminals). */
export type Terminals = boolean | Partial<Record<StreamName, boolean>>;

export interface TestIOOptions {
  /** What standard input holds; empty when not given. */
  input?: string | Buffer;
  tty?: Terminals;
  /** The terminal width stdout and stderr report (only read where they are terminals). */
  columns?: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** For `io`: colour on or off; otherwise decided as kettle does, from env and stdout. */
  color?: boolean;
  /** For `io`: the clock; a fixed time keeps relative dates stable. */
  now?: Date;
  /** The clock and the waiting a command line runs with (a test that moves time on itself). */
  clock?: StreamsLike['clock'];
}

/** A stream that keeps every byte written to it, a terminal or not as set. */
export class Output extends Writable {
  isTTY: boolean;
  columns: number | undefined;
  private chunks: Buffer[] = [];

  constructor(isTTY = false, columns?: number) {
    super();
    this.isTTY = isTTY;
    this.columns = columns;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(Buffer.from(chunk));
    done();
  }

  /** Everything written so far, as bytes. */
  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** Everything written so far, as UTF-8 text. */
  text(): string {
    return this.buffer().toString('utf8');
  }

  /** The text split into lines, without the empty piece after a final newline. */
  lines(): string[] {
    const text = this.text();
    return text === '' ? [] : text.replace(/\n$/, '').split('\n');
  }

  /** The text parsed as JSON, failing with the text itself when it is not JSON. */
  json<T = unknown>(): T {
    const text = this.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`not JSON:\n${text}`);
    }
  }

  /** Forget what was written, to look at what the next step writes. */
  clear(): void {
    this.chunks = [];
  }
}

/** Standard input holding the given bytes, then its end. */
export class Input extends Readable {
  isTTY: boolean;
  /** Raw mode as a prompt last set it (a real terminal would stop echoing). */
  isRaw = false;

  constructor(input: string | Buffer = '', isTTY = false) {
    super({ read() {} });
    this.isTTY = isTTY;
    const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
    if (bytes.length > 0) this.push(bytes);
    this.push(null);
  }

  // Prompt libraries switch a terminal's stdin to raw mode and back.
  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    return this;
  }
}

export interface TestIO {
  stdin: Input;
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  /** What execute() takes. */
  streams: StreamsLike;
  /** What the output code takes; its TTY flags follow the streams, so they can be switched later. */
  io: IO;
  /** Make streams terminals or not, after creation. */
  setTTY(tty: Terminals): void;
}

function isTerminal(tty: Terminals | undefined, name: StreamName): boolean {
  if (typeof tty === 'boolean') return tty;
  return tty?.[name] ?? false;
}

export function testIO(options: TestIOOptions = {}): TestIO {
  const stdin = new Input(options.input, isTerminal(options.tty, 'stdin'));
  const stdout = new Output(isTerminal(options.tty, 'stdout'), options.columns);
  const stderr = new Output(isTerminal(options.tty, 'stderr'), options.columns);
  const env = options.env ?? {};
  const cwd = options.cwd ?? '/';
  const now = options.now;
  const io: IO = {
    stdin,
    stdout,
    stderr,
    get stdinIsTTY() {
      return stdin.isTTY;
    },
    get stdoutIsTTY() {
      return stdout.isTTY;
    },
    get stderrIsTTY() {
      return stderr.isTTY;
    },
    env,
    get color() {
      return options.color ?? decideColor({ noColorFlag: false, env, stdoutIsTTY: stdout.isTTY });
    },
    // As createIO: the width a terminal reports, 80 when it reports none.
    get columns() {
      return stdout.columns && stdout.columns > 0 ? stdout.columns : 80;
    },
    cwd,
    now: () => (now ? new Date(now) : new Date()),
    self: ['kettle'],
    sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  };
  return {
    stdin,
    stdout,
    stderr,
    env,
    streams: { stdin, stdout, stderr, env, ...(options.cwd !== undefined ? { cwd: options.cwd } : {}), ...(options.clock ? { clock: options.clock } : {}) },
    io,
    setTTY(tty) {
      for (const [name, stream] of [
        ['stdin', stdin],
        ['stdout', stdout],
        ['stderr', stderr],
      ] as const) {
        if (typeof tty === 'boolean' || tty[name] !== undefined) stream.isTTY = isTerminal(tty, name);
      }
    },
  };
}

/**
 * A clock for a command line that waits (a watch): each wait moves the clock
 * on by what was asked at once, and lets the command go on after a few real
 * milliseconds, so minutes of watching take a moment.
 */
export function movingClock(realMs = 5): NonNullable<TestIOOptions['clock']> {
  let ahead = 0;
  return {
    now: () => new Date(Date.now() + ahead),
    sleep: async (ms: number) => {
      ahead += ms;
      await new Promise((resolve) => setTimeout(resolve, realMs));
    },
  };
}
