// kettle repo create [ORG/]NAME [--org ORG] [--description TEXT] [--private] [--init]
import * as repos from '../../api/gitea/repos.js';
import * as users from '../../api/gitea/users.js';
import type { CreateRepoOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { ApiError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { reword } from '../failure.js';
import { webUrl } from '../records.js';
import { repoViewColumns } from '../repo-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/create.js';

export type CreateOptions = OptionsOf<typeof definition.create>;

/** The owner named in ORG/NAME or --org (undefined for the user's own), and the name. */
function target(opts: CreateOptions): { org: string | undefined; name: string } {
  const parts = opts.name.split('/');
  if (parts.length > 2) throw new UsageError(`invalid repository name "${opts.name}": expected NAME or ORG/NAME`);
  const [first, second] = parts as [string, string | undefined];
  const name = second ?? first;
  const prefix = second === undefined ? undefined : first;
  if (prefix !== undefined && opts.org !== undefined && prefix.toLowerCase() !== opts.org.toLowerCase()) {
    throw new UsageError(`the organization is named twice: ${prefix}/ and --org ${opts.org}; give one`);
  }
  const org = opts.org ?? prefix;
  if (org !== undefined && !isSafeSegment(org)) throw new UsageError(`invalid organization name "${org}": use letters, digits, - _ .`);
  if (!isSafeSegment(name)) {
    throw new UsageError(`invalid repository name "${name}": use letters, digits, - _ . (not . or ..)`);
  }
  return { org, name };
}

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const { org, name } = target(opts);
  const body: CreateRepoOption = { name, private: opts.private, auto_init: opts.init };
  if (opts.description !== undefined) body.description = opts.description;
  const api = await ctx.api();
  // ALICE/NAME, from the user alice, means her own account: only organizations have /orgs/…/repos.
  const own = org === undefined || (opts.org === undefined && (await users.me(api)).login?.toLowerCase() === org.toLowerCase());
  const full = own ? name : `${org}/${name}`;
  const made = own ? repos.create(api, body) : repos.createInOrg(api, org as string, body);
  const repo = await made.catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 409) throw err.withMessage(`a repository named ${full} already exists`);
    throw reword(err, { action: `create repository ${full}`, ...(own ? {} : { missing: `organization ${org}` }) });
  });
  ctx.term.success(`Created repository ${String(repo.full_name ?? full)}${webUrl(repo)}`);
  await printRecord(ctx.io, ctx.output, repo, repoViewColumns);
}
