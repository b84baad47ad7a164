// kettle hook view ID [-R OWNER/NAME | --org ORG]
import { target } from '../../context/target.js';
import type { Context } from '../../context/context.js';
import { printRecord } from '../../output/printer.js';
import { hookViewColumns } from './columns.js';
import { get, hookFailure, parseHookId, whose, withoutSecret } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/view.js';

export type ViewOptions = OptionsOf<typeof definition.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const id = parseHookId(opts.id);
  const t = await target(ctx, whose(opts));
  const api = await t.api();
  const hook = await get(api, t, id).catch(hookFailure(api, t, `read webhook ${id} of ${t.where}`, id));
  await printRecord(ctx.io, ctx.output, withoutSecret(hook), hookViewColumns);
}
