// kettle release upload TAG FILE... [--clobber]
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { KettleError } from '../../errors.js';
import { checkTag, findRelease } from './find.js';
import type { UploadOptions } from './index.js';
import { localFiles, type UploadOutcome, uploadFiles } from './transfer.js';

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

export async function run(ctx: Context, opts: UploadOptions): Promise<void> {
  const tag = checkTag(opts.tag);
  const repo = await ctx.repo(opts.repo);
  const files = await localFiles(opts.files, ctx.io.cwd);
  const api = await ctx.api();
  const release = await findRelease(api, repo, tag, 'upload to');
  const outcomes = await uploadFiles(ctx, api, repo, release, files, opts.clobber);
  unfinishedUpload(outcomes, tag, repo, 'on release ' + tag + ',');
}
