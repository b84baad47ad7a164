// kettle repo create [ORG/]NAME [--org ORG] [--description TEXT] [--private] [--init]
import * as repos from '../../api/gitea/repos.js';
import * as users from '../../api/gitea/users.js';
import type { CreateRepoOption, GenerateRepoOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, isSafeSegment } from '../../context/repo.js';
import { TEMPLATE_ITEMS } from './choices.js';
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

/** --with as GenerateRepoOption's fields (routers/api/v1/repo/repo.go Generate; at least one, or the server answers 422). */
function templateItems(value: string | undefined): Omit<GenerateRepoOption, 'owner' | 'name'> {
  const items = (value ?? 'content')
    .split(',')
    .map((i) => i.trim().toLowerCase())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError(`--with needs at least one of: ${TEMPLATE_ITEMS.join(', ')}`);
  const unknown = items.filter((i) => !(TEMPLATE_ITEMS as readonly string[]).includes(i));
  if (unknown.length > 0) throw new UsageError(`--with: unknown item${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; choose from ${TEMPLATE_ITEMS.join(', ')}`);
  const has = (i: string) => items.includes(i);
  return {
    git_content: has('content'),
    topics: has('topics'),
    labels: has('labels'),
    webhooks: has('hooks'),
    avatar: has('avatar'),
    git_hooks: has('git-hooks'),
  };
}

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const { org, name } = target(opts);
  if (opts.template !== undefined) return fromTemplate(ctx, opts, org, name);
  if (opts.with !== undefined) throw new UsageError('--with applies to --template');
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

/** kettle repo create NAME --template OWNER/NAME [--with ITEMS]: POST /repos/{template}/generate. */
async function fromTemplate(ctx: Context, opts: CreateOptions, org: string | undefined, name: string): Promise<void> {
  if (opts.init) throw new UsageError('--init and --template do not go together: the template gives the first commit');
  const items = templateItems(opts.with);
  const template = ctx.repos.arg(opts.template ?? '', '--template');
  const api = await ctx.api();
  const owner = org ?? (await users.me(api)).login ?? '';
  const full = `${owner}/${name}`;
  const body: GenerateRepoOption = { owner, name, private: opts.private, ...items };
  if (opts.description !== undefined) body.description = opts.description;
  const what = fullName(template);
  const repo = await repos.generate(api, template, body).catch(async (err: unknown) => {
    if (err instanceof ApiError) {
      // Generate: 409 "The repository with the same name already exists." (recorded).
      if (err.status === 409) throw err.withMessage(`a repository named ${full} already exists`);
      // 422 "this is not a template repo" (recorded).
      if (err.status === 422 && /not a template/i.test(err.serverMessage ?? '')) {
        throw err.withMessage(`cannot create ${full} from ${what}: it is not a template repository (its settings on the server make it one)`);
      }
      // A missing owner is 404 {"error": "request owner `…` does not exist"} (recorded), no message field: told apart by the template's existence.
      if (err.status === 404 && org !== undefined && (await repos.exists(api, template))) throw err.withMessage(`cannot create ${full}: no user or organization ${owner}`);
    }
    throw reword(err, { action: `create ${full} from ${what}`, missing: `template repository ${what}` });
  });
  ctx.term.success(`Created repository ${String(repo.full_name ?? full)} from ${what}${webUrl(repo)}`);
  await printRecord(ctx.io, ctx.output, repo, repoViewColumns);
}
