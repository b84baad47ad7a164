// The streams a command talks through, with TTY detection and the colour
// decision made once. Commands never touch process.std* directly.
import type { Readable, Writable } from 'node:stream';
import { inActionsJob, truthyEnv } from './config/env.js';
import { UserSettings } from './config/user-settings.js';

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
  /** The user's settings (kettle config), read on first use; absent where none apply (tests of output alone). */
  settings?: UserSettings;
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
 * FORCE_COLOR, then as the color setting says (read only when asked), and
 * otherwise (auto) on only when stdout is a terminal that is not dumb.
 */
export function decideColor(opts: { noColorFlag: boolean; env: NodeJS.ProcessEnv; stdoutIsTTY: boolean; setting?: () => string | undefined }): boolean {
  if (opts.noColorFlag) return false;
  if (opts.env.NO_COLOR !== undefined && opts.env.NO_COLOR !== '') return false;
  if (opts.env.FORCE_COLOR !== undefined) return truthyEnv(opts.env.FORCE_COLOR) || opts.env.FORCE_COLOR === '';
  const setting = opts.setting?.();
  if (setting === 'always' || setting === 'never') return setting === 'always';
  return opts.stdoutIsTTY && opts.env.TERM !== 'dumb';
}

export function createIO(streams: StreamsLike, noColorFlag: boolean): IO {
  const stdoutIsTTY = Boolean(streams.stdout.isTTY);
  const settings = new UserSettings(streams.env);
  let color: boolean | undefined;
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
    // Decided on first use: the setting is read only when neither the flag nor the environment decides.
    get color() {
      color ??= decideColor({ noColorFlag, env: streams.env, stdoutIsTTY, setting: () => settings.file().settings.color });
      return color;
    },
    settings,
    columns: streams.stdout.columns && streams.stdout.columns > 0 ? streams.stdout.columns : 80,
    cwd: streams.cwd ?? process.cwd(),
    now: streams.clock?.now ?? (() => new Date()),
    self: streams.self ?? ['kettle'],
    sleep: streams.clock?.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
}

/**
 * Prompts go to stderr and read stdin: both must be terminals, never in an
 * Actions job (nobody answers there), and not where the prompt setting
 * (KETTLE_PROMPT, kettle config set prompt) is disabled.
 */
export function canPrompt(io: IO): boolean {
  return io.stdinIsTTY && io.stderrIsTTY && !inActionsJob(io.env) && io.settings?.get('prompt') !== 'disabled';
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
