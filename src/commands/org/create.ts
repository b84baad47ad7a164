// kettle org create NAME [--full-name TEXT]
import { expectRecord } from '../../api/response.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failedTo, webUrl } from '../common.js';
import { orgViewColumns } from './columns.js';
import type { CreateOptions } from './index.js';

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const { name } = opts;
  if (!isSafeSegment(name)) throw new UsageError(`invalid organization name "${name}": use letters, digits, - _ .`);
  const body: Record<string, unknown> = { username: name };
  if (opts.fullName !== undefined) body.full_name = opts.fullName;
  const api = await ctx.api();
  const res = await api.request('POST', '/orgs', { body }).catch(failedTo(`create organization ${name}`));
  const org = expectRecord(res.data, 'POST', '/orgs', res.status);
  ctx.success(`Created organization ${String(org.username ?? org.name ?? name)}${webUrl(org)}`);
  await printRecord(ctx.io, ctx.flags, org, orgViewColumns);
}
