// Bytes to and from the server, streamed (release download, run download, run
// log): a download is written to disk as it arrives, so memory stays the same
// whatever its size. A progress line on a terminal; the size that arrived is
// checked against the one expected; a download goes to a temporary file beside
// the final one and is renamed only when complete (an interrupted run removes
// it on the way out).
import { randomBytes } from 'node:crypto';
import { createWriteStream, unlinkSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { StreamAnswer } from '../api/transport.js';
import { headerValue } from '../api/headers.js';
import type { Context } from '../context/context.js';
import { KettleError } from '../errors.js';
import { Progress } from '../output/progress.js';
import { streamOut } from '../output/stream.js';
import { formatSize } from './sizes.js';

/** How soon a transfer shows its progress line. */
export const PROGRESS_DELAY_MS = 300;

export function transferText(noun: string, received: number, total: number | undefined): string {
  const of = total !== undefined ? ` of ${formatSize(total)}` : '';
  const percent = total ? ` (${Math.floor((received / total) * 100)}%)` : '';
  return `${noun}… ${formatSize(received)}${of}${percent}`;
}

/** How many bytes go by between two collections of the spent transfer buffers. */
const COLLECT_EVERY = 1024 * 1024;
let collector: ((options?: { type: 'minor' | 'major' }) => void) | null | undefined = null;

/**
 * Collect the spent transfer buffers now. Each piece read from the file or
 * the socket is a new buffer, garbage once it is written; V8 collects them
 * only once about 64 MiB have piled up, so without this a large transfer
 * peaks tens of MiB above a small one. A young-generation collection every
 * few MiB frees them, at the cost of well under a millisecond each.
 */
function collectSpentBuffers(): void {
  if (collector === null) {
    try {
      setFlagsFromString('--expose-gc');
      collector = runInNewContext('gc') as typeof collector;
    } catch {
      collector = undefined;
    }
  }
  collector?.({ type: 'minor' });
}

/** A pass-through stream that counts the bytes going by (and has the spent buffers collected every few MiB). */
export function counter(onBytes: (total: number) => void): Transform {
  let total = 0;
  let sinceCollect = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      sinceCollect += chunk.length;
      if (sinceCollect >= COLLECT_EVERY) {
        sinceCollect = 0;
        collectSpentBuffers();
      }
      onBytes(total);
      done(null, chunk);
    },
  });
}

/**
 * Save a download to `final`: into a temporary file in the same folder,
 * renamed only once every byte arrived and the count is the one expected,
 * with progress on a terminal; the part is removed on failure or Ctrl-C.
 * `size` is what a record says; `trust` says which count is checked: the
 * record's, or the answer's Content-Length. Answers the bytes written.
 */
export async function saveDownload(ctx: Context, name: string, final: string, open: () => Promise<StreamAnswer>, size: number | undefined, trust: 'record' | 'header'): Promise<number> {
  const temp = join(dirname(final), `.${name}.${randomBytes(4).toString('hex')}.kettle-part`);
  const removeTemp = () => {
    try {
      unlinkSync(temp);
    } catch {
      // Never made, or already gone.
    }
  };
  // Ctrl-C ends the process from its signal handler: remove the part on the way out.
  process.once('exit', removeTemp);
  const progress = new Progress(ctx.io, `Downloading ${name}`, PROGRESS_DELAY_MS, transferText);
  let received = 0;
  try {
    const res = await open();
    const header = headerValue(res.headers, 'content-length');
    const declared = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
    const total = trust === 'record' ? (size ?? declared) : (declared ?? size);
    const count = counter((n) => {
      received = n;
      progress.update(n, total);
    });
    try {
      await pipeline(res.body, count, createWriteStream(temp, { flags: 'wx' }));
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code?.startsWith('E') ? (err as Error).message : `the connection failed (${(err as Error).message})`;
      throw new KettleError(`cannot download ${name}: ${why} after ${formatSize(received)}${total !== undefined ? ` of ${formatSize(total)}` : ''}`);
    }
    const expected = trust === 'record' ? size : declared;
    if (expected !== undefined && received !== expected) {
      throw new KettleError(`cannot download ${name}: ${received} bytes arrived, but the server ${trust === 'record' ? 'says it has' : 'announced'} ${expected}`);
    }
    await rename(temp, final);
    return received;
  } catch (err) {
    removeTemp();
    throw err;
  } finally {
    process.removeListener('exit', removeTemp);
    progress.done();
  }
}

/**
 * Write a download's bytes to standard output as they arrive (`--dir -` of
 * release download and run download): a connection that fails partway, or a
 * count other than the expected one (the record's size, else the answer's
 * Content-Length), exits 1 after what was written.
 */
export async function streamDownload(ctx: Context, name: string, open: () => Promise<StreamAnswer>, size: number | undefined): Promise<void> {
  let received = 0;
  const res = await open();
  const declared = headerValue(res.headers, 'content-length');
  const expected = size ?? (declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined);
  const count = counter((n) => {
    received = n;
  });
  try {
    await pipeline(res.body, count, async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) await streamOut(ctx.io, chunk);
    });
  } catch (err) {
    throw new KettleError(`cannot download ${name}: the connection failed (${(err as Error).message}) after ${formatSize(received)}`);
  }
  if (expected !== undefined && received !== expected) {
    throw new KettleError(`cannot download ${name}: ${received} bytes arrived, but the server says it has ${expected}`);
  }
}
