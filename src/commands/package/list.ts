// kettle package list [--owner OWNER] [--type TYPE]
import * as packages from '../../api/gitea/packages.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { ownerOf, packageColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { owner } = await ownerOf(ctx, opts.owner);
  const what = opts.type !== undefined ? `${opts.type} packages` : 'packages';
  await printListing(ctx, opts, {
    noun: 'packages',
    pages: (api, window, options) => packages.listPackages(api, owner, window, { type: opts.type }, options),
    columns: packageColumns,
    passThrough: true,
    empty: `No ${what} of ${owner}`,
    // ListPackages answers 404 for an owner that does not exist (context.PackageAssignmentAPI).
    attempt: { action: `list the ${what} of ${owner}`, missing: `user or organization ${owner}` },
  });
}
