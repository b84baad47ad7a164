// kettle label list
import { target } from '../../context/target.js';
import * as labels from '../../api/gitea/labels.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { labelColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { repo } = await target(ctx, { repo: opts.repo });
  await printListing(ctx, opts, {
    noun: 'labels',
    pages: (api, window, options) => labels.list(api, repo, window, options),
    columns: labelColumns,
    passThrough: true,
    empty: `No labels in ${fullName(repo)}`,
    attempt: { action: `list the labels of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` },
  });
}
