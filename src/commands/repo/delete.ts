// kettle repo delete OWNER/NAME [--yes]
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const at = await target(ctx, { named: opts.ownerName });
  const { repo } = at;
  const name = fullName(repo);
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${name} without confirmation; pass --yes`);
    const typed = await ask(ctx.io, '--yes', { message: `Type ${name} to delete it for good`, required: false });
    if (typed !== name) throw new UsageError(`confirmation did not match ${name}; nothing was deleted`);
  }
  const api = await at.api();
  await repos.delete(api, repo).catch(failure({ action: `delete ${name}`, missing: `repository ${name}` }));
  ctx.term.success(`Deleted repository ${name}`);
}
