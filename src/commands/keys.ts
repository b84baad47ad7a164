// What ssh-key and gpg-key share: reading a key file safely (never echoing a
// private key), and deleting several keys by id after one confirmation.
import { readFile, stat } from 'node:fs/promises';
import type { Context } from '../context/context.js';
import { canPrompt } from '../io.js';
import { choose } from '../context/prompt.js';
import { formatError, KettleError, UsageError } from '../errors.js';

/** A public key is a few KiB at most; anything larger is the wrong file. */
export const MAX_KEY_BYTES = 64 * 1024;

const PRIVATE = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|^PuTTY-User-Key-File-/m;

/** Read a key from FILE or standard input ("-"); refuse what cannot be a public key before anything is sent. */
export async function readKeyFile(ctx: Context, file: string, what: string): Promise<string> {
  let bytes: Buffer;
  const shown = file === '-' ? 'standard input' : file;
  if (file === '-') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.io.stdin) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += b.length;
      if (size > MAX_KEY_BYTES) throw new UsageError(`${shown} holds more than 64 KiB: not ${what}`);
      chunks.push(b);
    }
    bytes = Buffer.concat(chunks);
  } else {
    try {
      const info = await stat(file);
      if (info.isDirectory()) throw new UsageError(`${file} is a folder, not ${what}`);
      if (info.size > MAX_KEY_BYTES) throw new UsageError(`${file} is larger than 64 KiB: not ${what}`);
      bytes = await readFile(file);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder' : (err as Error).message;
      throw new UsageError(`cannot read ${file}: ${why}`);
    }
  }
  if (bytes.length > MAX_KEY_BYTES) throw new UsageError(`${shown} is larger than 64 KiB: not ${what}`);
  const text = bytes.toString('utf8');
  if (text.trim() === '') throw new UsageError(`${shown} is empty: no key in it`);
  if (PRIVATE.test(text)) throw new UsageError(`${shown} holds a private key; give the public one (it was not sent, nor shown)`);
  if (bytes.includes(0) || text.includes('\uFFFD')) throw new UsageError(`${shown} is binary, not ${what}`);
  return text;
}

/** Key ids from the command line, each checked before any request; duplicates once. */
export function parseIds(values: readonly string[], what: string): number[] {
  const ids: number[] = [];
  for (const v of values) {
    const m = /^(\d{1,15})$/.exec(v.trim());
    if (!m || Number(m[1]) < 1) throw new UsageError(`invalid ${what} id "${v}": expected a number such as 12 (see the list command)`);
    const id = Number(m[1]);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** How the keys being deleted are named: one by its id, several by a plural noun. */
export interface KeyNames {
  one: (id: number) => string;
  many: string;
}

/**
 * Delete keys by id after asking once on a terminal (--yes without one), all
 * at once; one line per id in the order given; exit 1 naming those that failed.
 */
export async function deleteKeys(ctx: Context, ids: number[], yes: boolean, names: KeyNames, remove: (id: number) => Promise<void>): Promise<void> {
  const what = ids.length === 1 ? names.one(ids[0] as number) : `${ids.length} ${names.many} (${ids.join(', ')})`;
  if (!yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${what} without confirmation; pass --yes`);
    const answer = await choose(ctx.io, '--yes', `Delete ${what}?`, [
      { title: 'No, keep it', value: 'no' },
      { title: 'Yes, delete', value: 'yes' },
    ]);
    if (answer !== 'yes') throw new UsageError('not confirmed; nothing was deleted');
  }
  const outcomes = await Promise.allSettled(ids.map((id) => remove(id)));
  const failed: number[] = [];
  outcomes.forEach((outcome, i) => {
    const id = ids[i] as number;
    if (outcome.status === 'fulfilled') {
      ctx.term.success(`Deleted ${names.one(id)}`);
      return;
    }
    if (ids.length === 1) throw outcome.reason;
    failed.push(id);
    ctx.io.stderr.write(`${formatError(outcome.reason, ctx.flags.debug)[0] ?? `kettle: ${names.one(id)} not deleted`}\n`);
  });
  if (failed.length > 0) throw new KettleError(`${failed.length} of ${ids.length} ${names.many} not deleted: ${failed.join(', ')}`);
}
