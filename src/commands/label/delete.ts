// kettle label delete NAME [--yes]
import { target } from '../../context/target.js';
import * as labels from '../../api/gitea/labels.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { findLabel } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  if (!opts.yes && !canPrompt(ctx.io)) throw new UsageError(`refusing to delete label "${opts.label}" of ${where} without confirmation; pass --yes`);
  const api = await at.api();
  const label = await findLabel(api, repo, opts.label);
  if (!opts.yes) {
    const typed = await ask(ctx.io, '--yes', { message: `Type ${label.name} to delete the label from ${where} and every issue`, required: false });
    if (typed !== label.name) throw new UsageError(`confirmation did not match ${label.name}; nothing was deleted`);
  }
  const what = `label "${label.name}" in ${where}`;
  await labels.delete(api, repo, label.id).catch(failure({ action: `delete ${what}`, missing: what }));
  ctx.term.success(`Deleted ${what}`);
}
