// Long output on a terminal goes through a pager, as git and gh do:
// KETTLE_PAGER, else PAGER, else `less -FRX` (-F: quit at once when it fits
// the screen, -R: keep colours, -X: leave the text on the screen after).
import { Writable } from 'node:stream';
import type { IO } from './io.js';

/** The pager's command line, or undefined for none (`KETTLE_PAGER=` or `cat` turn it off). */
export function pagerCommand(env: NodeJS.ProcessEnv): string | undefined {
  const chosen = env.KETTLE_PAGER ?? (env.PAGER === undefined ? 'less -FRX' : env.PAGER);
  const command = chosen.trim();
  return command === '' || command === 'cat' ? undefined : command;
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
 * Run `produce` with its output going through the pager on a terminal, and
 * straight to stdout otherwise (or with no pager chosen). The pager reads a
 * pipe and draws on kettle's own terminal; kettle waits for it to exit. A
 * pager that quits before reading everything (q in less) is not an error,
 * and nor is its exit status: what the user saw is what the pager showed.
 * A pager that cannot be started (the shell's 127) leaves the text to be
 * printed directly, with a warning.
 */
export async function withPager(
  io: IO,
  env: NodeJS.ProcessEnv,
  produce: (write: (text: string) => void, paged: IO) => Promise<void> | void,
): Promise<void> {
  const command = io.stdoutIsTTY ? pagerCommand(env) : undefined;
  if (command === undefined) {
    const write = (text: string) => void io.stdout.write(text);
    await produce(write, io);
    return;
  }
  const { spawn } = await import('node:child_process');
  const child =
    process.platform === 'win32'
      ? spawn(command, { shell: true, stdio: ['pipe', io.stdout, io.stderr], env })
      : spawn('/bin/sh', ['-c', command], { stdio: ['pipe', io.stdout, io.stderr], env });
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(127));
    child.once('close', (code) => resolve(code));
  });
  // Written after the pager quit: EPIPE, which only means nobody reads on.
  child.stdin?.on('error', () => {});
  const written: string[] = [];
  const write = (text: string) => {
    written.push(text);
    if (child.stdin?.writable) child.stdin.write(text);
  };
  try {
    await produce(write, writingTo(io, write));
  } finally {
    child.stdin?.end();
  }
  const code = await exited;
  if (code === 127) {
    io.stderr.write(`kettle: warning: cannot start the pager (${command}); set KETTLE_PAGER, or KETTLE_PAGER= for none\n`);
    io.stdout.write(written.join(''));
  }
}
