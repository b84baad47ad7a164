// kettle run delete RUN-ID [--yes]
import { target } from '../../context/target.js';
import * as actions from '../../api/gitea/actions.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { parseRunId, runRef } from './shared.js';
import { connect, requireFeature, runName } from '../runs.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const id = parseRunId(opts.id);
  if (!opts.yes && !canPrompt(ctx.io)) throw new UsageError(`refusing to delete run ${id} without confirmation; pass --yes`);
  const at = await connect(await target(ctx, { repo: opts.repo, numbers: opts.id }));
  requireFeature(at, 'delete', 'run delete');
  const ref = await runRef(at, id);
  const what = runName(at, id);
  if (!opts.yes) {
    const typed = await ask(ctx.io, '--yes', { message: `Type ${id} to delete ${what} with its logs and artifacts for good`, required: false });
    if (typed !== String(id)) throw new UsageError(`confirmation did not match ${id}; nothing was deleted`);
  }
  await actions.deleteRun(at.api, at.repo, ref.api).catch(async (err: unknown) => {
    // routers/api/v1/repo/action.go DeleteActionRun: 400 while the run is not done.
    if (err instanceof ApiError && err.status === 400) throw new KettleError(`cannot delete ${what}: ${err.serverMessage ?? 'the server refused'}; nothing was deleted`);
    return failure({ action: `delete ${what}`, missing: what, within: { api: at.api, repo: at.repo } })(err);
  });
  ctx.term.success(`Deleted ${what}`);
}
