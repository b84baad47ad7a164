// kettle org delete ORG [--yes]
import * as orgs from '../../api/gitea/orgs.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { isSafeSegment } from '../../context/repo.js';
import { ApiError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const { org } = opts;
  if (!isSafeSegment(org)) throw new UsageError(`invalid organization name "${org}"`);
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete organization ${org} without confirmation; pass --yes`);
    const typed = await ask(ctx.io, '--yes', { message: `Type ${org} to delete the organization for good`, required: false });
    if (typed !== org) throw new UsageError(`confirmation did not match ${org}; nothing was deleted`);
  }
  const api = await ctx.api();
  await orgs.delete(api, org).catch((err: unknown) => {
    // Gitea and Forgejo answer 500 while the organization owns repositories.
    if (err instanceof ApiError && /ownership of repositories/i.test(err.serverMessage ?? '')) {
      throw err.withMessage(`cannot delete organization ${org}: it still owns repositories; delete or transfer them first`);
    }
    return failure({ action: `delete organization ${org}`, missing: `organization ${org}` })(err);
  });
  ctx.term.success(`Deleted organization ${org}`);
}
