// kettle release view [TAG]
import type { Context } from '../../context/context.js';
import { printRecord } from '../../output/printer.js';
import { releaseViewColumns } from './columns.js';
import { checkTag, findRelease, latestId } from './find.js';
import type { ViewOptions } from './index.js';

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const tag = opts.tag === undefined ? undefined : checkTag(opts.tag);
  const repo = await ctx.repo(opts.repo);
  const api = await ctx.api();
  const release = await findRelease(api, repo, tag, 'read');
  const latest = tag === undefined ? release.id : ctx.flags.json ? undefined : await latestId(api, repo).catch(() => undefined);
  await printRecord(ctx.io, ctx.flags, release, releaseViewColumns(latest));
}
