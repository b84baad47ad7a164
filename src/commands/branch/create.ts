// kettle branch create NAME [--from REF]
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import type { CreateBranchRepoOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { branchAttempt, branchViewColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type CreateOptions = OptionsOf<typeof definitions.create>;

/** A 404 says no; any other error is thrown. */
function absentOn404(err: unknown): undefined {
  if (err instanceof ApiError && err.status === 404) return undefined;
  throw err;
}

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const name = opts.name.trim();
  if (name === '') throw new UsageError('the branch name must not be empty');
  if (opts.from !== undefined && opts.from.trim() === '') throw new UsageError('--from must not be empty');
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const api = await at.api();
  const fail = failure({ ...branchAttempt('create', repo, name), missing: `repository ${where}` });
  // The servers answer a branch that exists with 409; said here before sending, with where it points.
  const existing = await branches.getBranch(api, repo, name).catch(absentOn404).catch(fail);
  if (existing) throw new KettleError(`${where} already has a branch "${name}" (at ${String(existing.commit?.id ?? '').slice(0, 10)}); nothing was created`);
  const body: CreateBranchRepoOption = { new_branch_name: name };
  if (opts.from !== undefined) {
    const from = opts.from.trim();
    // Gitea before 1.27 and Forgejo answer a ref they cannot resolve with a bare 500
    // (routers/api/v1/repo/branch.go CreateBranch): a branch or tag is looked up first.
    const known = (await branches.getBranch(api, repo, from).catch(absentOn404).catch(fail)) ?? (await branches.getTag(api, repo, from).catch(absentOn404).catch(fail));
    if (!known && !/^[0-9a-f]{7,64}$/i.test(from)) throw new KettleError(`--from ${from}: no branch or tag of ${where} has that name, and it is no commit SHA; nothing was created`);
    body.old_ref_name = from;
  }
  const made = await branches.createBranch(api, repo, body).catch(fail);
  ctx.term.success(`Created branch "${name}" in ${where}${opts.from !== undefined ? ` from ${opts.from.trim()}` : ''}`);
  await printRecord(ctx.io, ctx.output, made, branchViewColumns);
}
