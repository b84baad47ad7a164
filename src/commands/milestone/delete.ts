// kettle milestone delete NAME|NUMBER [--yes]
import { target } from '../../context/target.js';
import * as milestones from '../../api/gitea/milestones.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { resolveMilestone } from '../names.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  if (!opts.yes && !canPrompt(ctx.io)) throw new UsageError(`refusing to delete milestone "${opts.milestone}" of ${where} without confirmation; pass --yes`);
  const api = await at.api();
  const current = await resolveMilestone(api, repo, opts.milestone);
  if (!opts.yes) {
    const typed = await ask(ctx.io, '--yes', { message: `Type ${current.title} to delete the milestone from ${where}`, required: false });
    if (typed !== current.title) throw new UsageError(`confirmation did not match ${current.title}; nothing was deleted`);
  }
  const what = `milestone "${current.title}" in ${where}`;
  await milestones.delete(api, repo, current.id).catch(failure({ action: `delete ${what}`, missing: what }));
  ctx.term.success(`Deleted ${what}`);
}
