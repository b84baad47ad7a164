// Release assets to and from the server, streamed (transfer.ts): a file is read
// from disk as it is sent; the size that arrived is checked against the
// server's; an asset is saved under its own name, never one leading elsewhere.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ApiClient } from '../../api/client.js';
import * as releases from '../../api/gitea/releases.js';
import type { Attachment, Release } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { Progress } from '../../output/progress.js';
import { formatSize } from '../sizes.js';
import { counter, PROGRESS_DELAY_MS, saveDownload, streamDownload, transferText } from '../transfer.js';

/** A file named on the command line, to become an asset of the same name. */
export interface LocalFile {
  /** As given on the command line (for messages). */
  path: string;
  /** Resolved against kettle's working folder. */
  absolute: string;
  name: string;
  size: number;
}

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
