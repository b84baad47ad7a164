// kettle repo create NAME [--description TEXT] [--private] [--init]
import * as repos from '../../api/gitea/repos.js';
import type { CreateRepoOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { ApiError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { reword } from '../failure.js';
import { webUrl } from '../records.js';
import { repoViewColumns } from './columns.js';
import type { CreateOptions } from './index.js';

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const { name } = opts;
  if (!isSafeSegment(name)) {
    throw new UsageError(`invalid repository name "${name}": use letters, digits, - _ . (not . or ..)`);
  }
  const body: CreateRepoOption = { name, private: opts.private, auto_init: opts.init };
  if (opts.description !== undefined) body.description = opts.description;
  const api = await ctx.api();
  const repo = await repos.create(api, body).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 409) throw err.withMessage(`a repository named ${name} already exists`);
    throw reword(err, { action: `create repository ${name}` });
  });
  ctx.success(`Created repository ${String(repo.full_name ?? name)}${webUrl(repo)}`);
  await printRecord(ctx.io, ctx.flags, repo, repoViewColumns);
}
