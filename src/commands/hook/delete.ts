// kettle hook delete ID... [-R OWNER/NAME | --org ORG] [--yes]
import { target } from '../../context/target.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { KettleError, report, UsageError } from '../../errors.js';
import { hookFailure, parseHookId, remove, whose } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const ids = [...new Set(opts.ids.map(parseHookId))];
  const t = await target(ctx, whose(opts));
  const many = ids.length === 1 ? `webhook ${ids[0]}` : `${ids.length} webhooks (${ids.join(', ')})`;
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${many} of ${t.where} without confirmation; pass --yes`);
    const typed = await ask(ctx.io, '--yes', { message: `Type ${t.name} to delete ${many} for good`, required: false });
    if (typed !== t.name) throw new UsageError(`confirmation did not match ${t.name}; nothing was deleted`);
  }
  const api = await t.api();
  // All at once; each outcome is told in the order the ids were given.
  const outcomes = await Promise.allSettled(ids.map((id) => remove(api, t, id).catch(hookFailure(api, t, `delete webhook ${id} of ${t.where}`, id))));
  const failed: number[] = [];
  outcomes.forEach((outcome, i) => {
    const id = ids[i] as number;
    if (outcome.status === 'fulfilled') {
      ctx.term.success(`Deleted webhook ${id} of ${t.where}`);
      return;
    }
    failed.push(id);
    if (ids.length > 1) ctx.io.stderr.write(`${report(outcome.reason, { debug: ctx.flags.debug }).lines[0] ?? `kettle: webhook ${id} not deleted`}\n`);
    else throw outcome.reason;
  });
  if (failed.length > 0) {
    throw new KettleError(`${failed.length} of ${ids.length} webhooks not deleted: ${failed.join(', ')}`);
  }
}
