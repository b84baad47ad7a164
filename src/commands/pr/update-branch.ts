// kettle pr update-branch [NUMBER] [--rebase]: the server merges the base into
// the head branch, or rebases the head onto the base
// (routers/api/v1/repo/pull.go UpdatePullRequest, the same on Gitea 1.23 to
// 1.27 and Forgejo 11 to 15).
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { ApiError, KettleError } from '../../errors.js';
import { failure, unlessRefused } from '../failure.js';
import { readPull, resolvePull } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/update-branch.js';

export type UpdateBranchOptions = OptionsOf<typeof definition.updateBranch>;

export async function run(ctx: Context, opts: UpdateBranchOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const api = await at.api();
  const { repo } = at;
  const { number } = await resolvePull(ctx, api, at, opts.number);
  const what = `pull request #${number} in ${fullName(repo)}`;
  const pr = await readPull(api, repo, number);
  // The handler answers a merged or closed one 422 (Gitea 1.23 and Forgejo with the message "%!s(<nil>)"): said here first.
  if (pr.merged === true) throw new KettleError(`cannot update ${what}: it is merged`);
  if (pr.state === 'closed') throw new KettleError(`cannot update ${what}: it is closed; reopen it first`);
  const style = opts.rebase ? 'rebase' : 'merge';
  const head = pr.head?.ref ?? 'its branch';
  const base = pr.base?.ref ?? 'its base';
  // A head that is not behind is refused with a 500 whose message only an administrator sees in production
  // (services/context/api.go, the internal-error rule): the base repository, which holds the head's commits
  // (refs/pull/N/head), says first how many commits of the base the head lacks. When it refuses to say, the update is sent;
  // when no answer came, nothing is.
  const headSha = pr.head?.sha;
  const behind = headSha && pr.base?.ref ? await unlessRefused(repos.commitsAhead(api, repo, headSha, pr.base.ref), undefined) : undefined;
  if (behind === 0) {
    ctx.term.info(`kettle: ${head} of ${what} is already up to date with ${base}; nothing was changed`);
    return;
  }
  const upToDate = await pulls.updateBranch(api, repo, number, style).then(
    () => false,
    (err: unknown) => {
      if (err instanceof ApiError) {
        // services/pull/update.go Update: a head that is not behind is an error the handler answers 500,
        // "HeadBranch of PR N is up to date" (recorded from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1).
        if (err.status === 500 && /is up to date/i.test(err.serverMessage ?? '')) return true;
        // IsErrMergeConflicts / IsErrRebaseConflicts: 409, nothing pushed.
        if (err.status === 409) {
          throw err.withMessage(`cannot ${style === 'rebase' ? 'rebase' : 'update'} ${what}: ${head} conflicts with ${base}; nothing was changed (merge or rebase locally, resolve, and push)`);
        }
        // Allowed to push to the head, but not by this style (IsUserAllowedToUpdate / CheckUserAllowedToUpdate): a bare 403.
        if (err.status === 403)
          throw err.withMessage(`cannot update ${what}: you may not push to ${head}${style === 'rebase' ? ' by a rebase (the branch may be protected against force pushes)' : ''}`);
      }
      return failure({ action: `update ${what}`, missing: what, within: { api, repo } })(err);
    },
  );
  if (upToDate) {
    ctx.term.info(`kettle: ${head} of ${what} is already up to date with ${base}; nothing was changed`);
    return;
  }
  ctx.term.success(`${style === 'rebase' ? `Rebased ${head} onto ${base}` : `Merged ${base} into ${head}`} for ${what}`);
}
