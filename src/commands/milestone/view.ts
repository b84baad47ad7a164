// kettle milestone view NAME|NUMBER
import { target } from '../../context/target.js';
import type { Context } from '../../context/context.js';
import { printRecord } from '../../output/printer.js';
import { resolveMilestone } from '../names.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/view.js';
import { columnsFor } from './shared.js';

export type ViewOptions = OptionsOf<typeof definition.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const api = await at.api();
  const milestone = await resolveMilestone(api, repo, opts.milestone);
  await printRecord(ctx.io, ctx.output, milestone, columnsFor(ctx).view);
}
