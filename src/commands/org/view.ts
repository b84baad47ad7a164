// kettle org view ORG
import * as orgs from '../../api/gitea/orgs.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { orgViewColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ViewOptions = OptionsOf<typeof definitions.view>;

export async function run(ctx: Context, { org }: ViewOptions): Promise<void> {
  if (!isSafeSegment(org)) throw new UsageError(`invalid organization name "${org}"`);
  const api = await ctx.api();
  const record = await orgs.get(api, org).catch(failure({ action: `read organization ${org}`, missing: `organization ${org}` }));
  await printRecord(ctx.io, ctx.output, record, orgViewColumns);
}
