// kettle org create NAME [--full-name TEXT]
import * as orgs from '../../api/gitea/orgs.js';
import type { CreateOrgOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { orgViewColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type CreateOptions = OptionsOf<typeof definitions.create>;

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const { name } = opts;
  if (!isSafeSegment(name)) throw new UsageError(`invalid organization name "${name}": use letters, digits, - _ .`);
  const body: CreateOrgOption = { username: name };
  if (opts.fullName !== undefined) body.full_name = opts.fullName;
  const api = await ctx.api();
  const org = await orgs.create(api, body).catch(failure({ action: `create organization ${name}` }));
  ctx.term.success(`Created organization ${String(org.username ?? org.name ?? name)}${webUrl(org)}`);
  await printRecord(ctx.io, ctx.output, org, orgViewColumns);
}
