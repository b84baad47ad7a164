// kettle branch list [--protected]
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import type { ApiClient, ListOptions as PageOptions } from '../../api/client.js';
import type { Branch } from '../../api/gitea/types.js';
import type { PageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { branchColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

/**
 * No server filters branches by protection: every page is read and the
 * protected ones kept, so --limit and --page count protected branches.
 */
async function* protectedOnly(api: ApiClient, repo: RepoRef, window: PageWindow, options: PageOptions): AsyncGenerator<Branch[]> {
  let skip = window.offset;
  let left = window.count;
  for await (const page of branches.listBranches(api, repo, { count: Infinity, offset: 0, pageSize: Math.max(window.pageSize, 50) }, options)) {
    const kept: Branch[] = [];
    for (const b of page) {
      if (b.protected !== true) continue;
      if (skip > 0) skip--;
      else if (left > 0) {
        kept.push(b);
        left--;
      }
    }
    if (kept.length > 0) yield kept;
    if (left <= 0) return;
  }
}

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { repo } = await target(ctx, { repo: opts.repo });
  const where = fullName(repo);
  await printListing(ctx, opts, {
    noun: 'branches',
    pages: (api, window, options) => (opts.protected ? protectedOnly(api, repo, window, options) : branches.listBranches(api, repo, window, options)),
    columns: branchColumns,
    passThrough: !opts.protected,
    empty: opts.protected ? `No protected branches in ${where}` : `No branches in ${where}`,
    attempt: { action: `list the branches of ${where}`, missing: `repository ${where}` },
  });
}
