// kettle tag list
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { tagColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { repo } = await target(ctx, { repo: opts.repo });
  const where = fullName(repo);
  await printListing(ctx, opts, {
    noun: 'tags',
    pages: (api, window, options) => branches.listTags(api, repo, window, options),
    columns: tagColumns,
    passThrough: true,
    empty: `No tags in ${where}`,
    attempt: { action: `list the tags of ${where}`, missing: `repository ${where}` },
  });
}
