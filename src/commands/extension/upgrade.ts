// kettle extension upgrade [NAME | --all]
import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Context } from '../../context/context.js';
import { target } from '../../context/target.js';
import { KettleError, report, SeveralFailed, UsageError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';
import { allInstalled, extensionsDir, type Installed, platformSuffix, programName, programOf, putInPlace, readInstalled, shortVersion, stagingFolder, writeInstalled } from './shared.js';
import { downloadProgram, moveToNewest, releaseAsset } from './sources.js';

export type UpgradeOptions = OptionsOf<typeof definition.upgrade>;

export async function run(ctx: Context, opts: UpgradeOptions): Promise<void> {
  if (opts.all && opts.name !== undefined) throw new UsageError('name an extension or use --all, not both');
  if (!opts.all && opts.name === undefined) throw new UsageError('name the extension to upgrade, or use --all');
  let chosen: Installed[];
  if (opts.name !== undefined) {
    const one = readInstalled(ctx.env, opts.name);
    if (!one) throw new KettleError(`no extension "${opts.name}" is installed; see kettle extension list`);
    chosen = [one];
  } else {
    chosen = allInstalled(ctx.env);
    if (chosen.length === 0) {
      ctx.term.info('No extensions are installed.');
      return;
    }
  }
  const failed: Array<{ name: string; err: unknown }> = [];
  for (const ext of chosen) {
    try {
      await upgradeOne(ctx, ext);
    } catch (err) {
      if (chosen.length === 1) throw err;
      // Each failure said as it happens; the others are still upgraded.
      for (const line of report(err, { debug: ctx.flags.debug }).lines) ctx.io.stderr.write(`${line}\n`);
      failed.push({ name: ext.name, err });
    }
  }
  if (failed.length > 0) {
    throw new SeveralFailed(
      `${failed.length} of ${chosen.length} extensions could not be upgraded: ${failed.map((f) => f.name).join(', ')}`,
      failed.map((f) => f.err),
      chosen.length,
    );
  }
}

async function upgradeOne(ctx: Context, ext: Installed): Promise<void> {
  if (ext.kind === 'local') {
    ctx.term.info(`${ext.name} runs from the folder ${ext.path}; there is nothing to upgrade`);
    return;
  }
  if (ext.pin !== undefined) {
    ctx.term.info(`${ext.name} is pinned to ${ext.pin}; it stays at ${shortVersion(ext)} (install it again without --pin to follow the newest)`);
    return;
  }
  const from = shortVersion(ext);
  let next: Installed;
  if (ext.kind === 'git') {
    const dir = join(extensionsDir(ctx.env), ext.name, 'repo');
    const version = await moveToNewest(ctx, dir, ext.cloneUrl ?? ext.source);
    next = { ...ext, version };
  } else {
    const at = await target(ctx, { named: ext.repo ?? ext.source });
    const api = await at.api();
    const found = await releaseAsset(api, at.repo, ext.name, undefined);
    if (found === undefined) throw new KettleError(`${at.name} has no latest release with an asset ${programName(ext.name)}-${platformSuffix()}; ${ext.name} stays at ${from}`);
    next = { ...ext, version: found.tag };
    if (found.tag !== ext.version) {
      const program = programOf(ctx.env, ext);
      const staging = stagingFolder(ctx, ext.name);
      try {
        const part = join(staging, basename(program));
        await downloadProgram(ctx, api, found, part);
        putInPlace(ctx, part, program, `release ${found.tag}'s ${found.asset.name ?? 'asset'}`);
      } finally {
        rmSync(staging, { recursive: true, force: true });
      }
    }
  }
  if (next.version === ext.version) {
    ctx.term.info(`${ext.name} is up to date at ${from}`);
    return;
  }
  writeInstalled(ctx, next);
  ctx.term.success(`Upgraded extension ${ext.name} from ${from} to ${shortVersion(next)}`);
}
