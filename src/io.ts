// The streams a command talks through, with TTY detection and the colour
// decision made once. Commands never touch process.std* directly.
import type { Readable, Writable } from 'node:stream';
import { inActionsJob, truthyEnv } from './config/env.js';

export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** Colour on stdout and stderr, decided once from flags, environment and TTY. */
  color: boolean;
  /** Terminal width for tables; 80 when unknown. */
  columns: number;
  /** Where git remotes are read from. */
  cwd: string;
  now: () => Date;
  /** The command line that runs this kettle (node and its script), for programs that call kettle back (git's credential helper). */
  self: string[];
  /** Wait this long (a watch between refreshes, a server still making a fork); a seam, so tests need not wait in real time. */
  sleep: (ms: number) => Promise<void>;
}

export interface StreamsLike {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd?: string;
  self?: string[];
  /** The clock and the waiting, where a test moves time on itself; the real ones otherwise. */
  clock?: Pick<IO, 'now' | 'sleep'>;
}

/**
 * Colour is off with --no-color or NO_COLOR (any non-empty value), forced on by
 * FORCE_COLOR, and otherwise on only when stdout is a terminal that is not dumb.
 */
export function decideColor(opts: { noColorFlag: boolean; env: NodeJS.ProcessEnv; stdoutIsTTY: boolean }): boolean {
  if (opts.noColorFlag) return false;
  if (opts.env.NO_COLOR !== undefined && opts.env.NO_COLOR !== '') return false;
  if (opts.env.FORCE_COLOR !== undefined) return truthyEnv(opts.env.FORCE_COLOR) || opts.env.FORCE_COLOR === '';
  return opts.stdoutIsTTY && opts.env.TERM !== 'dumb';
}

export function createIO(streams: StreamsLike, noColorFlag: boolean): IO {
  const stdoutIsTTY = Boolean(streams.stdout.isTTY);
  return {
    // Read on first use: creating process.stdin costs start-up time, and most
    // commands never read it.
    get stdin() {
      return streams.stdin;
    },
    stdout: streams.stdout,
    stderr: streams.stderr,
    get stdinIsTTY() {
      return Boolean(streams.stdin.isTTY);
    },
    stdoutIsTTY,
    stderrIsTTY: Boolean(streams.stderr.isTTY),
    env: streams.env,
    color: decideColor({ noColorFlag, env: streams.env, stdoutIsTTY }),
    columns: streams.stdout.columns && streams.stdout.columns > 0 ? streams.stdout.columns : 80,
    cwd: streams.cwd ?? process.cwd(),
    now: streams.clock?.now ?? (() => new Date()),
    self: streams.self ?? ['kettle'],
    sleep: streams.clock?.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
}

/** Prompts go to stderr and read stdin: both must be terminals, and never in an Actions job (nobody answers there). */
export function canPrompt(io: IO): boolean {
  return io.stdinIsTTY && io.stderrIsTTY && !inActionsJob(io.env);
}

/** What readAll throws when a stream holds more than it was allowed to read. */
export class TooLarge extends Error {
  constructor(readonly max: number) {
    super(`more than ${max} bytes`);
  }
}

/**
 * Read all of standard input as UTF-8 text; past `max` bytes, stop reading
 * and throw TooLarge (a stream may never end: /dev/zero, `yes`).
 */
export async function readAll(stream: Readable, max = Number.POSITIVE_INFINITY): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    // Leaving the loop destroys the stream: nothing more is read.
    if (size > max) throw new TooLarge(max);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
