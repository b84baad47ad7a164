// kettle branch view NAME
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import type { Context } from '../../context/context.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { branchAttempt, branchViewColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ViewOptions = OptionsOf<typeof definitions.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const api = await at.api();
  const b = await branches.getBranch(api, at.repo, opts.name).catch(failure({ ...branchAttempt('read', at.repo, opts.name), within: { api, repo: at.repo } }));
  await printRecord(ctx.io, ctx.output, b, branchViewColumns);
}
