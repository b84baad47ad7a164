// Long output on a terminal goes through the user's pager, as git and gh do:
// KETTLE_PAGER, else PAGER, else `less -FRX` (which exits at once when the
// text fits one screen). An empty KETTLE_PAGER, or `cat`, turns it off; it is
// never used when stdout is not a terminal.
import type { Writable } from 'node:stream';
import type { IO } from './io.js';

/** The pager command line, or undefined for none. */
export function pagerCommand(io: IO): string | undefined {
  if (!io.stdoutIsTTY) return undefined;
  const chosen = io.env.KETTLE_PAGER ?? io.env.PAGER ?? 'less -FRX';
  const command = chosen.trim();
  if (command === '' || command === 'cat') return undefined;
  return command;
}

export interface Paged {
  /** Where the output goes: the pager's standard input, or stdout. */
  out: Writable;
  /** Whether the reader quit the pager before everything was written (stop writing). */
  closed: () => boolean;
  /** End the output and wait for the pager to exit. */
  finish: () => Promise<void>;
}

/** Start the pager (or not) for output about to be written. */
export async function startPager(io: IO): Promise<Paged> {
  const command = pagerCommand(io);
  if (command === undefined) return { out: io.stdout, closed: () => false, finish: async () => undefined };
  const { spawn } = await import('node:child_process');
  // The pager is a command line the user wrote (`less -R`), so a shell splits it, as git does.
  // LESS=FRX unless the user set LESS: quit when it fits, keep colours, leave the screen as it was.
  const env = { ...io.env, LESS: io.env.LESS ?? 'FRX', LV: io.env.LV ?? '-c' };
  const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', io.stdout, io.stderr], env });
  let gone = false;
  const exited = new Promise<void>((resolve) => {
    child.once('error', () => {
      gone = true;
      resolve();
    });
    child.once('exit', () => {
      gone = true;
      resolve();
    });
  });
  // The reader quitting early closes the pipe: that is not an error.
  child.stdin.on('error', () => {
    gone = true;
  });
  return {
    out: child.stdin,
    closed: () => gone || child.stdin.destroyed,
    finish: async () => {
      if (!child.stdin.destroyed) child.stdin.end();
      await exited;
    },
  };
}

/** Write text through the pager (on a terminal) and wait until the reader is done. */
export async function page(io: IO, text: string): Promise<void> {
  const paged = await startPager(io);
  paged.out.write(text);
  await paged.finish();
}
