// kettle org view ORG
import { expectRecord } from '../../api/response.js';
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failedTo } from '../common.js';
import { orgViewColumns } from './columns.js';
import type { ViewOptions } from './index.js';

export async function run(ctx: Context, { org }: ViewOptions): Promise<void> {
  if (!isSafeSegment(org)) throw new UsageError(`invalid organization name "${org}"`);
  const api = await ctx.api();
  const path = p`/orgs/${org}`;
  const res = await api.get(path).catch(failedTo(`read organization ${org}`, `organization ${org}`));
  await printRecord(ctx.io, ctx.flags, expectRecord(res.data, 'GET', path, res.status), orgViewColumns);
}
