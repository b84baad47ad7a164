// Deleting a pull request's head branch on the server, and the local one.
import type { ApiClient } from '../../api/client.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as branches from '../../api/gitea/branches.js';
import { pageWindow } from '../../api/paginate.js';
import type { PullRequest } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ApiError } from '../../errors.js';

/** Whether the head branch lives in the base repository (not in a fork). */
export function sameRepository(pr: PullRequest): boolean {
  const head = pr.head?.repo_id ?? pr.head?.repo?.id;
  const base = pr.base?.repo_id ?? pr.base?.repo?.id;
  return head !== undefined && head === base;
}

/**
 * Delete the head branch on the server when it lives in `repo`; a failure is a
 * warning (the main act is done). `alreadyAsked`: the merge asked the server
 * to delete it (delete_branch_after_merge), so this only makes sure.
 */
export async function deleteHeadBranch(ctx: Context, api: ApiClient, repo: RepoRef, pr: PullRequest, opts: { alreadyAsked?: boolean } = {}): Promise<boolean> {
  const branch = pr.head?.ref;
  if (!branch) return false;
  if (!sameRepository(pr)) {
    ctx.term.info(`Not deleting ${pr.head?.label ?? branch}: it lives in another repository (a fork)`);
    return false;
  }
  // Deleting a branch closes every open pull request whose head it is: one
  // that another still uses is kept, and that one named.
  let others: string[];
  try {
    others = await otherPullsOn(api, repo, pr);
  } catch (err) {
    // Not known, so not deleted: it might close another pull request.
    ctx.term.warn(`not deleting branch ${branch} in ${fullName(repo)}: cannot tell whether another open pull request uses it (${(err as Error).message})`);
    return false;
  }
  if (others.length > 0) {
    ctx.term.warn(`not deleting branch ${branch} in ${fullName(repo)}: open pull request ${others.join(', ')} still uses it, and deleting it would close ${others.length > 1 ? 'them' : 'it'}`);
    return false;
  }
  try {
    await branches.deleteBranch(api, repo, branch);
    ctx.term.success(`Deleted branch ${branch} in ${fullName(repo)}`);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      if (opts.alreadyAsked) ctx.term.success(`Deleted branch ${branch} in ${fullName(repo)}`);
      else ctx.term.info(`Branch ${branch} is already gone from ${fullName(repo)}`);
      return true;
    }
    ctx.term.warn(`cannot delete branch ${branch} in ${fullName(repo)}: ${err instanceof ApiError ? (err.serverMessage ?? err.message) : (err as Error).message}`);
    return false;
  }
}

/** The other open pull requests of `repo` whose head is this one's head branch, as `#N`. */
export async function otherPullsOn(api: ApiClient, repo: RepoRef, pr: PullRequest): Promise<string[]> {
  const branch = pr.head?.ref;
  const found: string[] = [];
  for await (const page of pulls.list(api, repo, pageWindow({ all: true }), { state: 'open' })) {
    for (const p of page) if (p.number !== pr.number && p.head?.ref === branch && sameRepository(p)) found.push(`#${String(p.number)}`);
  }
  return found;
}
