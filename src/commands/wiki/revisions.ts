// kettle wiki revisions PAGE
import { target } from '../../context/target.js';
import * as wiki from '../../api/gitea/wiki.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { findPage, revisionColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/revisions.js';

export type RevisionsOptions = OptionsOf<typeof definition.revisions>;

export async function run(ctx: Context, opts: RevisionsOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const api = await at.api();
  const { path } = await findPage(api, repo, opts.page, 'list the revisions of');
  await printListing(
    ctx,
    { limit: opts.limit, all: opts.all },
    {
      noun: 'revisions',
      pages: (client, window) => wiki.revisions(client, repo, path, window.count),
      columns: revisionColumns,
      empty: `No revisions of wiki page "${opts.page}" in ${fullName(repo)}`,
      attempt: { action: `list the revisions of wiki page "${opts.page}" in ${fullName(repo)}`, missing: `wiki page "${opts.page}" in ${fullName(repo)}` },
    },
  );
}
