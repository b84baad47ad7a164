// kettle release download [TAG] [--pattern GLOB]... [--dir DIR | --dir -] [--clobber]
import { target } from '../../context/target.js';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { formatSize } from '../sizes.js';
import { checkTag, findRelease } from './find.js';
import { globToRegExp } from './glob.js';
import { downloadAsset, streamAsset, targetPath } from './assets.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/download.js';

export type DownloadOptions = OptionsOf<typeof definition.download>;

export async function run(ctx: Context, given: DownloadOptions): Promise<void> {
  // `release download -`: the latest release's asset to standard output, short for --dir -.
  if (given.tag === '-' && given.dir !== undefined && given.dir !== '-') throw new UsageError('- writes to standard output; leave out --dir');
  const opts = given.tag === '-' ? { ...given, tag: undefined, dir: '-' } : given;
  const tag = opts.tag === undefined ? undefined : checkTag(opts.tag);
  const patterns = opts.pattern.map((p) => {
    try {
      return globToRegExp(p);
    } catch (err) {
      throw new UsageError(`--pattern: ${(err as Error).message}`);
    }
  });
  if (opts.dir === '') throw new UsageError('--dir must not be empty');
  const shown = opts.dir ?? '.';
  const dir = resolve(ctx.io.cwd, shown);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const api = await at.api();
  const release = await findRelease(api, repo, tag, 'read');
  const which = `release ${release.tag_name ?? tag} of ${fullName(repo)}`;
  const assets = (release.assets ?? []).filter((a) => patterns.length === 0 || patterns.some((p) => p.test(a.name ?? '')));
  if (assets.length === 0) {
    throw new KettleError((release.assets ?? []).length === 0 ? `${which} has no assets` : `no asset of ${which} matches ${opts.pattern.map((p) => `"${p}"`).join(' or ')}`);
  }
  if (opts.dir === '-') {
    // Standard output holds one file: more than one would run together.
    const [only, ...more] = assets;
    if (!only || more.length > 0) {
      throw new UsageError(`--dir - writes one asset to standard output; ${assets.length} match (${assets.map((a) => a.name).join(', ')}): narrow it with --pattern`);
    }
    await streamAsset(ctx, api, only);
    return;
  }
  // Every target is checked before the first byte is fetched.
  const targets = assets.map((asset) => ({ asset, path: targetPath(dir, asset), shown: targetPath(shown, asset) }));
  if (!opts.clobber) {
    const there = targets.filter((t) => existsSync(t.path)).map((t) => t.shown);
    if (there.length > 0) throw new KettleError(`${there.join(', ')} already exist${there.length === 1 ? 's' : ''}; pass --clobber to overwrite`);
  }
  await mkdir(dir, { recursive: true });
  for (const { asset, path, shown: where } of targets) {
    await downloadAsset(ctx, api, asset, path);
    ctx.term.success(`Downloaded ${where} (${formatSize(asset.size ?? 0)})`);
  }
}
