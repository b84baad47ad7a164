// Long output on a terminal goes through a pager, as git and gh do:
// KETTLE_PAGER, else the pager setting, else PAGER, else `less -FRX` (-F: quit at once when it fits
// the screen, -R: keep colours, -X: leave the text on the screen after). An
// empty KETTLE_PAGER, or `cat`, turns it off; it is never used when stdout is
// not a terminal.
import { Writable } from 'node:stream';
import type { IO } from '../io.js';

/** The pager's command line, or undefined for none (`KETTLE_PAGER=` or `cat` turn it off). */
export function pagerCommand(env: NodeJS.ProcessEnv, configured: string | undefined = env.KETTLE_PAGER): string | undefined {
  const chosen = configured ?? (env.PAGER === undefined ? 'less -FRX' : env.PAGER);
  const command = chosen.trim();
  return command === '' || command === 'cat' ? undefined : command;
}

export interface Paged {
  /** Where the output goes: the pager's standard input, or stdout. */
  out: Writable;
  /** Whether the reader quit the pager before everything was written (stop writing). */
  closed: () => boolean;
  /** End the output and wait for the pager to exit; answers its exit status (127: it could not start). */
  finish: () => Promise<number | null>;
  /** The pager's command line; undefined when the output goes straight to stdout. */
  command: string | undefined;
}

/**
 * Start the pager (or not) for output about to be written. The pager reads a
 * pipe and draws on kettle's own terminal. A pager that quits before reading
 * everything (q in less) is not an error, and nor is its exit status.
 */
export async function startPager(io: IO): Promise<Paged> {
  const command = io.stdoutIsTTY ? pagerCommand(io.env, io.settings ? io.settings.get('pager') : io.env.KETTLE_PAGER) : undefined;
  if (command === undefined) return { out: io.stdout, closed: () => false, finish: async () => 0, command };
  const { spawn } = await import('node:child_process');
  // The pager draws on kettle's own terminal; streams that are not a file
  // descriptor (a test's in-memory terminal) are fed through a pipe instead.
  const hasFd = (s: Writable): boolean => typeof (s as { fd?: unknown }).fd === 'number';
  const stdio: ['pipe', Writable | 'pipe', Writable | 'pipe'] = ['pipe', hasFd(io.stdout) ? io.stdout : 'pipe', hasFd(io.stderr) ? io.stderr : 'pipe'];
  // The pager is a command line the user wrote (`less -R`), so a shell splits it, as git does.
  const child = process.platform === 'win32' ? spawn(command, { shell: true, stdio, env: io.env }) : spawn('/bin/sh', ['-c', command], { stdio, env: io.env });
  child.stdout?.pipe(io.stdout, { end: false });
  child.stderr?.pipe(io.stderr, { end: false });
  const input = child.stdin as Writable;
  let gone = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', () => {
      gone = true;
      resolve(127);
    });
    child.once('close', (code) => {
      gone = true;
      resolve(code);
    });
  });
  // Written after the pager quit: EPIPE, which only means nobody reads on.
  input.on('error', () => {
    gone = true;
  });
  return {
    out: input,
    closed: () => gone || input.destroyed,
    finish: async () => {
      if (!input.destroyed) input.end();
      return exited;
    },
    command,
  };
}

/** The same IO with its stdout replaced by `write`. */
function writingTo(io: IO, write: (text: string) => void): IO {
  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
  return { ...io, stdout };
}

/**
 * What went wrong with a pager, by its exit status; undefined when it did its
 * job (exit 0, whether the reader read to the end or quit with q).
 */
export function pagerFailure(command: string, code: number | null): string | undefined {
  if (code === 0) return undefined;
  if (code === 127) return `cannot start the pager (${command})`;
  return `the pager (${command}) ${code === null ? 'was stopped' : `exited with status ${code}`}`;
}

/**
 * Run `produce` with its output going through the pager on a terminal, and
 * straight to stdout otherwise; kettle waits for the pager to exit. A pager
 * that cannot be started (the shell's 127) or that fails (`false`, a
 * misspelt option) leaves the text to be printed directly, with a warning:
 * the reader asked for the output, and gets it.
 */
export async function withPager(io: IO, produce: (write: (text: string) => void, paged: IO) => Promise<void> | void): Promise<void> {
  const paged = await startPager(io);
  if (paged.command === undefined) {
    await produce((text) => void io.stdout.write(text), io);
    return;
  }
  const written: string[] = [];
  const write = (text: string) => {
    written.push(text);
    if (!paged.closed()) paged.out.write(text);
  };
  let code: number | null;
  try {
    await produce(write, writingTo(io, write));
  } finally {
    code = await paged.finish();
  }
  const failed = pagerFailure(paged.command, code);
  if (failed) {
    io.stderr.write(`kettle: warning: ${failed}; printing without it (set KETTLE_PAGER, or KETTLE_PAGER= for none)\n`);
    io.stdout.write(written.join(''));
  }
}

/** Write text through the pager (on a terminal) and wait until the reader is done. */
export function page(io: IO, text: string): Promise<void> {
  return withPager(io, (write) => write(text));
}
