// kettle tag view TAG
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { tagViewColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ViewOptions = OptionsOf<typeof definitions.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const api = await at.api();
  const what = `tag "${opts.tag}" in ${fullName(at.repo)}`;
  const t = await branches.getTag(api, at.repo, opts.tag).catch(failure({ action: `read ${what}`, missing: what, within: { api, repo: at.repo } }));
  await printRecord(ctx.io, ctx.output, t, tagViewColumns);
}
