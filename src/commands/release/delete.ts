// kettle release delete TAG [--yes] [--cleanup-tag]
import { target } from '../../context/target.js';
import * as releases from '../../api/gitea/releases.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { checkTag, findRelease } from './find.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const tag = checkTag(opts.tag);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const what = `release ${tag} of ${fullName(repo)}`;
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${what} without confirmation; pass --yes`);
    const also = opts.cleanupTag ? ' and its tag' : '';
    const typed = await ask(ctx.io, '--yes', { message: `Type ${tag} to delete ${what}${also} for good`, required: false });
    if (typed !== tag) throw new UsageError(`confirmation did not match ${tag}; nothing was deleted`);
  }
  const api = await at.api();
  const release = await findRelease(api, repo, tag, 'delete');
  await releases.delete(api, repo, release.id as number).catch(failure({ action: `delete ${what}`, missing: what, within: { api, repo } }));
  ctx.term.success(`Deleted ${what}`);
  if (opts.cleanupTag) {
    const label = `tag ${tag} of ${fullName(repo)}`;
    await releases.deleteTag(api, repo, tag).catch(failure({ action: `delete ${label} (the release is deleted)`, missing: label }));
    ctx.term.success(`Deleted ${label}`);
  }
}
