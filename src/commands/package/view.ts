// kettle package view TYPE NAME [VERSION] [--owner OWNER]
import type { ApiClient } from '../../api/client.js';
import * as packages from '../../api/gitea/packages.js';
import type { Package } from '../../api/gitea/types.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { KettleError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { ownerOf, packageColumns, packageName } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ViewOptions = OptionsOf<typeof definitions.view>;

/**
 * The newest version of a package: the owner's list filtered by type and
 * name (every release has it; Gitea 1.24's …/-/latest is not in Forgejo),
 * the exact name kept (`q` matches any part), the latest made winning.
 */
async function newest(api: ApiClient, ref: packages.PackageRef): Promise<Package | undefined> {
  let best: Package | undefined;
  for await (const page of packages.listPackages(api, ref.owner, pageWindow({ all: true }), { type: ref.type, q: ref.name })) {
    for (const p of page) {
      if (p.name !== ref.name || p.type !== ref.type) continue;
      const key = (x: Package) => `${x.created_at ?? ''}\u0000${String(x.id ?? 0).padStart(20, '0')}`;
      if (best === undefined || key(p) > key(best)) best = p;
    }
  }
  return best;
}

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const { api, owner } = await ownerOf(ctx, opts.owner);
  const ref = { owner, type: opts.type, name: opts.name };
  const what = packageName(ref, opts.version);
  const attempt = { action: `read ${what}`, missing: what };
  const found =
    opts.version !== undefined
      ? await packages.getPackage(api, ref, opts.version).catch(failure(attempt))
      : await newest(api, ref).catch(failure({ ...attempt, missing: `user or organization ${owner}` }));
  if (found === undefined) throw new KettleError(`${what} not found`);
  await printRecord(ctx.io, ctx.output, found, [
    ...packageColumns,
    { key: 'owner', header: 'OWNER', get: (r) => (r.owner as { login?: string } | null | undefined)?.login ?? '' },
    { key: 'creator', header: 'CREATOR', get: (r) => (r.creator as { login?: string } | null | undefined)?.login ?? '' },
    { key: 'html_url', header: 'URL' },
  ]);
}
