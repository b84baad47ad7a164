// Commit statuses and the branch record that says which ones a protected
// branch requires: /repos/{owner}/{repo}/commits/{ref}/statuses and
// /repos/{owner}/{repo}/branches/{branch}.
import type { RepoRef } from '../repo.js';
import type { ApiClient } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { getBranch } from './branches.js';
import type { Branch, CommitStatus } from './types.js';

/**
 * Every status reported for a commit (a branch, tag or SHA), newest first:
 * one per report, so a context that ran twice is listed twice.
 */
export function list(api: ApiClient, repo: RepoRef, ref: string, window: PageWindow): AsyncGenerator<CommitStatus[]> {
  return api.pages<CommitStatus>(`${repoPath(repo)}${p`/commits/${ref}/statuses`}`, window);
}

/**
 * A branch with what its protection asks for: `enable_status_check` and the
 * `status_check_contexts` of the rule that applies to it (readable by anyone
 * who can read the repository, unlike /branch_protections, which needs admin).
 */
export function branch(api: ApiClient, repo: RepoRef, name: string): Promise<Branch> {
  return getBranch(api, repo, name);
}
