// kettle wiki delete PAGE [--yes]
import { target } from '../../context/target.js';
import * as wiki from '../../api/gitea/wiki.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { findPage } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  wiki.webPathOf(opts.page);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete wiki page "${opts.page}" of ${where} without confirmation; pass --yes`);
    const typed = await ask(ctx.io, '--yes', { message: `Type ${opts.page} to delete the wiki page from ${where}`, required: false });
    if (typed !== opts.page) throw new UsageError(`confirmation did not match ${opts.page}; nothing was deleted`);
  }
  const api = await at.api();
  const { path, page } = await findPage(api, repo, opts.page, 'delete');
  const what = `wiki page "${page.title ?? opts.page}" in ${where}`;
  await wiki.deletePage(api, repo, path).catch(failure({ action: `delete ${what}`, missing: what, within: { api, repo } }));
  ctx.term.success(`Deleted ${what}`);
}
