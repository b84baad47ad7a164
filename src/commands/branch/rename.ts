// kettle branch rename OLD NEW
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { branchAttempt } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type RenameOptions = OptionsOf<typeof definitions.rename>;

export async function run(ctx: Context, opts: RenameOptions): Promise<void> {
  const to = opts.new.trim();
  if (to === '') throw new UsageError('the new branch name must not be empty');
  if (to === opts.old) throw new UsageError(`the branch is already named "${to}"`);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const api = await at.api();
  const fail = failure({ ...branchAttempt('rename', repo, opts.old), within: { api, repo } });
  // The servers answer a taken name with a 422 that does not say which (services/repository RenameBranch "target_exist").
  const taken = await branches.getBranch(api, repo, to).then(
    () => true,
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return false;
      return fail(err);
    },
  );
  if (taken) throw new KettleError(`${where} already has a branch "${to}"; nothing was renamed`);
  await branches.renameBranch(api, repo, opts.old, { name: to }).catch(fail);
  ctx.term.success(`Renamed branch "${opts.old}" to "${to}" in ${where}`);
}
