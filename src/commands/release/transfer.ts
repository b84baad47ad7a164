// Release assets to and from the server, streamed: a file is read from disk as
// it is sent and written to disk as it arrives, so memory stays the same
// whatever its size. A progress line on a terminal; the size that arrived is
// checked against the server's; a download goes to a temporary file beside
// the final one and is renamed only when complete (an interrupted run removes
// it on the way out).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, unlinkSync } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ApiClient } from '../../api/client.js';
import type { StreamAnswer } from '../../api/transport.js';
import { headerValue } from '../../api/headers.js';
import * as releases from '../../api/gitea/releases.js';
import type { Attachment, Release } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { Progress } from '../../output/progress.js';
import { streamOut } from '../../output/stream.js';
import { formatSize } from './columns.js';

/** A file named on the command line, to become an asset of the same name. */
export interface LocalFile {
  /** As given on the command line (for messages). */
  path: string;
  /** Resolved against kettle's working folder. */
  absolute: string;
  name: string;
  size: number;
}

/** How soon a transfer shows its progress line. */
const PROGRESS_DELAY_MS = 300;

/** Each file to upload, checked before anything is sent: it exists, is a file, and no two share a name. */
export async function localFiles(paths: string[], cwd: string): Promise<LocalFile[]> {
  const files: LocalFile[] = [];
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(absolute);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UsageError(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (err as Error).message}`);
    }
    if (!info.isFile()) throw new UsageError(`cannot upload ${path}: it is not a file`);
    const name = path.split(/[\\/]/).pop() as string;
    const twin = files.find((f) => f.name === name);
    if (twin) throw new UsageError(`${twin.path} and ${path} would both be the asset ${name}; upload one of them`);
    files.push({ path, absolute, name, size: info.size });
  }
  return files;
}

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

/** What became of one file of an upload. */
export type UploadOutcome = { file: LocalFile; asset: Attachment } | { file: LocalFile; error: string };

/**
 * Upload files to a release one after another, replacing an asset of the same
 * name when `clobber` (delete, then upload). A file that fails does not stop
 * the others; the outcomes say which arrived.
 */
export async function uploadFiles(ctx: Context, api: ApiClient, repo: RepoRef, release: Release, files: LocalFile[], clobber: boolean): Promise<UploadOutcome[]> {
  const outcomes: UploadOutcome[] = [];
  for (const file of files) {
    try {
      const existing = (release.assets ?? []).find((a) => a.name === file.name);
      if (existing?.id !== undefined) {
        if (!clobber) throw new Error(`the release already has an asset ${file.name} (--clobber replaces it)`);
        await releases.deleteAsset(api, repo, release.id as number, existing.id);
      }
      const asset = await uploadOne(ctx, api, repo, release, file);
      ctx.term.success(`Uploaded ${file.name} (${formatSize(file.size)})`);
      outcomes.push({ file, asset });
    } catch (err) {
      outcomes.push({ file, error: (err as Error).message });
    }
  }
  return outcomes;
}

async function uploadOne(ctx: Context, api: ApiClient, repo: RepoRef, release: Release, file: LocalFile): Promise<Attachment> {
  const progress = new Progress(ctx.io, `Uploading ${file.name}`, PROGRESS_DELAY_MS, transferText);
  let sent = 0;
  const body = counter((n) => {
    sent = n;
    progress.update(n, file.size);
  });
  // A read that fails destroys `body` with the error, which ends the request.
  pipeline(createReadStream(file.absolute), body).catch(() => undefined);
  try {
    const asset = await releases.uploadAsset(api, repo, release.id as number, { name: file.name, body, size: file.size });
    if (sent !== file.size) throw new Error(`${file.name} changed while it was read (${sent} bytes sent, ${file.size} expected)`);
    if (asset.size !== file.size) {
      throw new Error(`the server holds ${asset.size ?? 'an unknown number of'} bytes of ${file.name}, not ${file.size}`);
    }
    return asset;
  } finally {
    progress.done();
  }
}

/**
 * Characters no downloaded file name may hold: the C0 controls, DEL and the
 * C1 controls (an ESC in a name would drive the terminal of whoever lists the
 * folder), and the bidirectional controls (an override makes "txt.exe" read
 * as "exe.txt").
 */
const UNWRITABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The file an asset is written to: its own name in `dir`, refused when the server's name would lead elsewhere or hold a control character. */
export function targetPath(dir: string, asset: Attachment): string {
  const name = asset.name ?? '';
  if (UNWRITABLE.test(name)) {
    // The message shows the name with its controls made visible (formatError).
    throw new KettleError(
      `the server named an asset "${name}", which holds a control character; kettle writes no such file (--pattern and --dir - write it to standard output, for a name of your own)`,
    );
  }
  if (name === '' || name === '.' || name === '..' || /[\\/]/.test(name)) {
    throw new KettleError(`the server named an asset "${name}", which is not a file name kettle will write`);
  }
  return join(dir, name);
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

/** Download one asset to `final` (see saveDownload): the count checked is the asset record's. */
export async function downloadAsset(ctx: Context, api: ApiClient, asset: Attachment, final: string): Promise<void> {
  await saveDownload(ctx, asset.name as string, final, () => releases.openAsset(api, asset), asset.size, 'record');
}

/**
 * Write one asset's bytes to standard output as they arrive (`--dir -`): a
 * byte stream, so a connection that fails partway, or a count other than the
 * server's, exits 1 after what was written.
 */
export function streamAsset(ctx: Context, api: ApiClient, asset: Attachment): Promise<void> {
  return streamDownload(ctx, asset.name as string, () => releases.openAsset(api, asset), asset.size);
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

/** A shell word, quoted only when it needs to be. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Throws when some files did not arrive: which, why, and the command that
 * uploads just those. `lead` starts the message ("release v1 was created, but").
 */
export function unfinishedUpload(outcomes: UploadOutcome[], tag: string, repo: RepoRef, lead: string): void {
  const failed = outcomes.flatMap((o) => ('error' in o ? [o] : []));
  if (failed.length === 0) return;
  const names = failed.map((o) => o.file.name).join(', ');
  const retry = ['kettle', 'release', 'upload', tag, ...failed.map((o) => o.file.path), '-R', fullName(repo)].map(shellWord).join(' ');
  throw new KettleError(`${lead} ${failed.length} of ${outcomes.length} file${outcomes.length === 1 ? '' : 's'} did not upload: ${names}`, 1, [
    ...failed.map((o) => `  ${o.file.name}: ${o.error}`),
    `  Finish with:  ${retry}`,
  ]);
}
