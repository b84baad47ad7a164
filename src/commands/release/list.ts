// kettle release list
import { target } from '../../context/target.js';
import * as releases from '../../api/gitea/releases.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { failure } from '../failure.js';
import { printListing } from '../listing.js';
import { releaseColumns } from './columns.js';
import { latestId } from './find.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/list.js';

export type ListOptions = OptionsOf<typeof definition.listVerb>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const attempt = { action: `list the releases of ${name}`, missing: `repository ${name}` };
  // Only the table marks the latest release: --json prints the records as they are.
  const latest = ctx.output.kind !== 'view' ? undefined : await latestId(await at.api(), repo).catch(failure(attempt));
  await printListing(ctx, opts, {
    noun: 'releases',
    pages: (api, window, options) => releases.list(api, repo, window, {}, options),
    columns: releaseColumns(latest),
    passThrough: true,
    empty: `${name} has no releases`,
    attempt,
  });
}
