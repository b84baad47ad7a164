// kettle branch delete NAME... [--yes]
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { forEachName, uniqueNames } from '../many.js';
import { branchAttempt, branchColumns, branchViewColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const names = uniqueNames(opts.names);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  if (!opts.yes) {
    const list = names.map((n) => `"${n}"`).join(', ');
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${names.length > 1 ? 'branches' : 'branch'} ${list} of ${where} without confirmation; pass --yes`);
    const expected = names.length === 1 ? (names[0] as string) : where;
    const message = names.length === 1 ? `Type ${expected} to delete the branch from ${where}` : `Type ${expected} to delete branches ${list}`;
    const typed = await ask(ctx.io, '--yes', { message, required: false });
    if (typed !== expected) throw new UsageError(`confirmation did not match ${expected}; nothing was deleted`);
  }
  const api = await at.api();
  const info = await repos.get(api, repo).catch(failure({ action: `read ${where}`, missing: `repository ${where}` }));
  await forEachName(
    ctx,
    api,
    names,
    async (name) => {
      const what = `branch "${name}" in ${where}`;
      // routers/api/v1/repo/branch.go DeleteBranch refuses the default branch and a protected one with 403;
      // said here before sending, with the reason.
      if (name === info.default_branch) throw new KettleError(`cannot delete ${what}: it is the default branch (change it first with \`kettle repo edit ${where} --default-branch OTHER\`)`);
      const b = await branches.getBranch(api, repo, name).catch(failure(branchAttempt('delete', repo, name)));
      if (b.protected === true) {
        const rule = b.effective_branch_protection_name ? ` by the rule "${b.effective_branch_protection_name}"` : '';
        throw new KettleError(`cannot delete ${what}: it is protected${rule}`);
      }
      await branches.deleteBranch(api, repo, name).catch(failure(branchAttempt('delete', repo, name)));
      return { message: `Deleted ${what}`, ...(ctx.output.kind !== 'view' ? { record: { name, deleted: true } } : {}) };
    },
    { columns: branchColumns, viewColumns: branchViewColumns },
  );
}
