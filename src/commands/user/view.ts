// kettle user view USERNAME
import { expectRecord } from '../../api/response.js';
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { printRecord } from '../../output/printer.js';
import { notFoundAs } from '../common.js';
import { userColumns } from '../records.js';
import type { ViewOptions } from './index.js';

export async function run(ctx: Context, { username }: ViewOptions): Promise<void> {
  const api = await ctx.api();
  const path = p`/users/${username}`;
  const res = await api.get(path).catch((err: unknown) => {
    throw notFoundAs(err, `user ${username}`);
  });
  await printRecord(ctx.io, ctx.flags, expectRecord(res.data, 'GET', path, res.status), userColumns);
}
