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

/** Text, or text already encoded as UTF-8 (a record --json passes through: see json-text.ts). */
type Chunk = string | Buffer;

export class Spool {
  private chunks: Chunk[] = [];
  private bytes = 0;
  private batch: Chunk[] = [];
  private batchLength = 0;
  private fd: number | undefined;
  private scratch: Buffer | undefined;
  private dir: string | undefined;
  private readonly removeAtExit = () => this.dispose();
  /** Characters (of text) and bytes (of encoded text) written so far, kept or spilled (the tests check what a list's spool held). */
  written = 0;

  constructor(
    private readonly maxMemory = SPOOL_MEMORY_BYTES,
    /** Where the temporary folder goes; the system's (TMPDIR) when not given, asked only on spilling. */
    private readonly tempRoot?: string,
  ) {}

  /** The temporary file, once the text outgrew memory (for tests). */
  get file(): string | undefined {
    return this.dir === undefined ? undefined : join(this.dir, 'output');
  }

  write(text: Chunk): void {
    if (text.length === 0) return;
    this.written += text.length;
    if (this.fd !== undefined) {
      this.batch.push(text);
      this.batchLength += text.length;
      if (this.batchLength >= FILE_BATCH) this.flush();
      return;
    }
    this.chunks.push(text);
    this.bytes += typeof text === 'string' ? Buffer.byteLength(text) : text.length;
    if (this.bytes > this.maxMemory) this.spill();
  }

  private spill(): void {
    this.dir = mkdtempSync(join(this.tempRoot ?? process.getBuiltinModule('node:os').tmpdir(), 'kettle-'));
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
    if (this.batch.every((c) => typeof c === 'string')) {
      writeSync(this.fd, this.batch.join(''));
    } else {
      // Text and bytes copied into one buffer kept for the purpose: nothing left for the collector.
      let most = 0;
      for (const c of this.batch) most += typeof c === 'string' ? c.length * 3 : c.length;
      if (this.scratch === undefined || this.scratch.length < most) this.scratch = Buffer.allocUnsafe(Math.max(most, 2 * FILE_BATCH));
      const scratch = this.scratch;
      let n = 0;
      for (const c of this.batch) n += typeof c === 'string' ? scratch.write(c, n) : c.copy(scratch, n);
      writeSync(this.fd, scratch, 0, n);
    }
    this.batch = [];
    this.batchLength = 0;
  }

  /** Everything written, as one buffer (for a reader that needs the whole text at once: jq on a whole list). */
  contents(): Buffer {
    if (this.fd === undefined) {
      const all = joined(this.chunks);
      return typeof all === 'string' ? Buffer.from(all) : all;
    }
    this.flush();
    return readFileSync(join(this.dir as string, 'output'));
  }

  /** Copy everything written to a stream, honouring back-pressure. */
  async copyTo(stream: Writable): Promise<void> {
    if (this.fd === undefined) {
      const text = joined(this.chunks);
      this.chunks = [];
      if (text.length > 0) await writeAll(stream, text);
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
    this.scratch = undefined;
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

/** Chunks as one: a string when all are text, otherwise the bytes of all. */
function joined(chunks: Chunk[]): Chunk {
  if (chunks.every((c) => typeof c === 'string')) return chunks.join('');
  return Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
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
