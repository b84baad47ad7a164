// kettle team view TEAM --org ORG
import type { Context } from '../../context/context.js';
import { printRecord } from '../../output/printer.js';
import { findTeam, orgOf, teamViewColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ViewOptions = OptionsOf<typeof definitions.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const org = orgOf(opts.org);
  const api = await ctx.api();
  const team = await findTeam(api, org, opts.team);
  await printRecord(ctx.io, ctx.output, team, teamViewColumns);
}
