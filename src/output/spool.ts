// Output of a list held back until its last page has arrived.
//
// Two promises meet here: a long `--json` list is not built in memory first
// (20,000 records as objects would cost hundreds of MiB), and a list is
// complete or absent on stdout (a page that fails half-way must not leave a
// truncated JSON array behind for a script to parse). Streaming each page to
// stdout as it arrives keeps the first but breaks the second; collecting the
// records keeps the second but breaks the first. So each page is serialised as
// it arrives and its parsed records are dropped; the text is kept in memory up
// to a bound and spilled beyond it to a private temporary file (mode 0600 in a
// 0700 folder, removed when done, on failure and at exit); stdout receives the
// text only once the list is complete. Text costs far less than parsed objects,
// and a terminal or pipe reader sees the whole list at the same moment anyway.
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';

/**
 * Text kept in memory before spilling to disk: about 600 issues as --json.
 * Measured with 4 MiB instead, the peak memory of a 20,000-issue list was
 * about 5 MiB higher (the kept strings outlive young collections).
 */
export const SPOOL_MEMORY_BYTES = 1024 * 1024;
const COPY_CHUNK = 256 * 1024;
/**
 * Once spilled, small writes are gathered up to this size before they go to
 * the file: few system calls, and each joined string stays below V8's
 * large-object size, so it dies young instead of piling up in the old
 * generation until a full collection (which is what held peak memory up).
 */
const FILE_BATCH = 32 * 1024;

export class Spool {
  private chunks: string[] = [];
  private bytes = 0;
  private batch: string[] = [];
  private batchLength = 0;
  private fd: number | undefined;
  private dir: string | undefined;
  private readonly removeAtExit = () => this.dispose();
  /** Characters written so far, kept or spilled (the tests check what a list's spool held). */
  written = 0;

  constructor(
    private readonly maxMemory = SPOOL_MEMORY_BYTES,
    private readonly tempRoot = tmpdir(),
  ) {}

  /** The temporary file, once the text outgrew memory (for tests). */
  get file(): string | undefined {
    return this.dir === undefined ? undefined : join(this.dir, 'output');
  }

  write(text: string): void {
    if (text === '') return;
    this.written += text.length;
    if (this.fd !== undefined) {
      this.batch.push(text);
      this.batchLength += text.length;
      if (this.batchLength >= FILE_BATCH) this.flush();
      return;
    }
    this.chunks.push(text);
    this.bytes += Buffer.byteLength(text);
    if (this.bytes > this.maxMemory) this.spill();
  }

  private spill(): void {
    this.dir = mkdtempSync(join(this.tempRoot, 'kettle-'));
    // An interrupted run (Ctrl-C exits from the signal handler) still removes it.
    process.once('exit', this.removeAtExit);
    this.fd = openSync(join(this.dir, 'output'), 'wx+', 0o600);
    this.batch = this.chunks;
    this.batchLength = this.bytes;
    this.chunks = [];
    this.bytes = 0;
    this.flush();
  }

  private flush(): void {
    if (this.fd === undefined || this.batch.length === 0) return;
    writeSync(this.fd, this.batch.join(''));
    this.batch = [];
    this.batchLength = 0;
  }

  /** Everything written, as one buffer (for a reader that needs the whole text at once: jq on a whole list). */
  contents(): Buffer {
    if (this.fd === undefined) return Buffer.from(this.chunks.join(''));
    this.flush();
    return readFileSync(join(this.dir as string, 'output'));
  }

  /** Copy everything written to a stream, honouring back-pressure. */
  async copyTo(stream: Writable): Promise<void> {
    if (this.fd === undefined) {
      const text = this.chunks.join('');
      this.chunks = [];
      if (text !== '') await writeAll(stream, text);
      return;
    }
    this.flush();
    const buffer = Buffer.allocUnsafe(COPY_CHUNK);
    for (let position = 0; ; ) {
      const n = readSync(this.fd, buffer, 0, COPY_CHUNK, position);
      if (n === 0) break;
      position += n;
      // One buffer, reused only once the stream has let go of it: copying each
      // piece instead piles up external memory until the next collection.
      await writeFlushed(stream, buffer.subarray(0, n));
    }
  }

  /** Forget the text and remove the temporary file; safe to call twice. */
  dispose(): void {
    this.chunks = [];
    this.batch = [];
    if (this.fd !== undefined) {
      closeSync(this.fd);
      this.fd = undefined;
    }
    if (this.dir !== undefined) {
      rmSync(this.dir, { recursive: true, force: true });
      this.dir = undefined;
      process.removeListener('exit', this.removeAtExit);
    }
  }
}

/** Write, and resolve once the stream is done with the chunk. */
function writeFlushed(stream: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}

function writeAll(stream: Writable, chunk: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    stream.once('error', onError);
    const flushed = stream.write(chunk);
    const done = () => {
      stream.removeListener('error', onError);
      resolve();
    };
    if (flushed) done();
    else stream.once('drain', done);
  });
}
