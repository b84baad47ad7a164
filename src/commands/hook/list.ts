// kettle hook list [-R OWNER/NAME | --org ORG]
import { target } from '../../context/target.js';
import type { Hook } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { hookColumns } from './columns.js';
import { list, type Target, whose, withoutSecret } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/list.js';

export type ListOptions = OptionsOf<typeof definition.list>;

async function* secretless(pages: AsyncGenerator<Hook[]>): AsyncGenerator<Hook[]> {
  for await (const page of pages) yield page.map(withoutSecret);
}

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const t: Target = await target(ctx, whose(opts));
  await printListing(ctx, opts, {
    noun: 'webhooks',
    pages: (api, window, options) => secretless(list(api, t, window, options)),
    columns: hookColumns,
    empty: `No webhooks in ${t.where}`,
    attempt: { action: `list the webhooks of ${t.where}`, missing: t.missing },
  });
}
