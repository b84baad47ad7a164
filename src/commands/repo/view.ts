// kettle repo view [OWNER/NAME]
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { withPager } from '../../context/pager.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { openUrl, repoPage } from '../web.js';
import { repoViewColumns } from '../repo-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/view.js';

export type ViewOptions = OptionsOf<typeof definition.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const at = await target(ctx, { ownerName: opts.ownerName, repo: opts.repo });
  const { repo } = at;
  if (opts.web) return openUrl(ctx, repoPage(ctx, repo));
  const api = await at.api();
  const record = await repos.get(api, repo).catch(failure({ action: `read ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
  // A view can be long (the description): on a terminal it goes through the pager; JSON does not.
  if (ctx.output.kind !== 'view') await printRecord(ctx.io, ctx.output, record, repoViewColumns);
  else await withPager(ctx.io, (_, paged) => printRecord(paged, ctx.output, record, repoViewColumns));
}
