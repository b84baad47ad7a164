// kettle release upload TAG FILE... [--clobber]
import { target } from '../../context/target.js';
import type { Context } from '../../context/context.js';
import { checkTag, findRelease } from './find.js';
import { localFiles, unfinishedUpload, uploadFiles } from './assets.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/upload.js';

export type UploadOptions = OptionsOf<typeof definition.upload>;

export async function run(ctx: Context, opts: UploadOptions): Promise<void> {
  const tag = checkTag(opts.tag);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const files = await localFiles(opts.files, ctx.io.cwd);
  const api = await at.api();
  const release = await findRelease(api, repo, tag, 'upload to');
  const outcomes = await uploadFiles(ctx, api, repo, release, files, opts.clobber);
  unfinishedUpload(outcomes, tag, repo, `on release ${tag},`);
}
