// Repositories: /repos/{owner}/{repo}, the user's and others' repository
// lists, forks, branches and commit statuses.
import type { RepoRef } from '../repo.js';
import { ApiError } from '../../errors.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { expectRecord, type Shape } from '../response.js';
import { done, record } from './send.js';
import type { CombinedStatus, CreateForkOption, CreateRepoOption, EditRepoOption, GenerateRepoOption, MergeUpstreamRequest, MergeUpstreamResponse, Repository, TransferRepoOption } from './types.js';

/** The fields of a repository kettle reads as numbers, words and flags (expectFields). */
const REPO_SHAPE: Shape = {
  id: 'number',
  name: 'string',
  full_name: 'string',
  private: 'boolean',
  fork: 'boolean',
  archived: 'boolean',
  owner: 'object',
  default_branch: 'string',
  stars_count: 'number',
  forks_count: 'number',
  open_issues_count: 'number',
};

/** The path of a repository, the root of everything inside it. */
export function repoPath(repo: RepoRef): string {
  return p`/repos/${repo.owner}/${repo.name}`;
}

export function get(api: ApiClient, repo: RepoRef): Promise<Repository> {
  return record<Repository>(api, 'GET', repoPath(repo), {}, REPO_SHAPE);
}

/** Whether the repository exists; on any doubt (another error), assume it does. */
export function exists(api: ApiClient, repo: RepoRef): Promise<boolean> {
  return api.get(repoPath(repo)).then(
    () => true,
    (err: unknown) => !(err instanceof ApiError && err.status === 404),
  );
}

/** A repository of the logged-in user. */
export function create(api: ApiClient, body: CreateRepoOption): Promise<Repository> {
  return record<Repository>(api, 'POST', '/user/repos', { body });
}

/** A repository of an organization. */
export function createInOrg(api: ApiClient, org: string, body: CreateRepoOption): Promise<Repository> {
  return record<Repository>(api, 'POST', p`/orgs/${org}/repos`, { body });
}

export function edit(api: ApiClient, repo: RepoRef, body: EditRepoOption): Promise<Repository> {
  return record<Repository>(api, 'PATCH', repoPath(repo), { body });
}

/** Rename: the same PATCH as edit, with `name` alone (routers/api/v1/repo/repo.go Edit, updateBasicProperties). */
export function rename(api: ApiClient, repo: RepoRef, name: string): Promise<Repository> {
  return record<Repository>(api, 'PATCH', repoPath(repo), { body: { name } satisfies EditRepoOption });
}

/**
 * Transfer to another owner (routers/api/v1/repo/transfer.go Transfer): 202
 * with the repository under its new owner when done at once, 201 when the new
 * owner must accept first (the repository stays where it is, pending).
 */
export async function transfer(api: ApiClient, repo: RepoRef, body: TransferRepoOption): Promise<{ pending: boolean; repo: Repository }> {
  const res = await api.request('POST', `${repoPath(repo)}/transfer`, { body });
  const data = expectRecord(res.data, 'POST', `${repoPath(repo)}/transfer`, res.status);
  return { pending: res.status === 201, repo: data as Repository };
}

/** A new repository from a template (routers/api/v1/repo/repo.go Generate); the body says what is copied. */
export function generate(api: ApiClient, template: RepoRef, body: GenerateRepoOption): Promise<Repository> {
  return record<Repository>(api, 'POST', `${repoPath(template)}/generate`, { body });
}

/**
 * Gitea's fork update (routers/api/v1/repo/branch.go MergeUpstream, from
 * 1.23.1): `merge_type` says what was done: up-to-date, fast-forward or merge.
 * `ff_only` is read from Gitea 1.25 (a diverged branch is then a 400 instead
 * of a merge); it is sent only to servers that read it.
 */
export function mergeUpstream(api: ApiClient, repo: RepoRef, body: MergeUpstreamRequest & { ff_only?: boolean }): Promise<MergeUpstreamResponse> {
  return record<MergeUpstreamResponse>(api, 'POST', `${repoPath(repo)}/merge-upstream`, { body });
}

/** Forgejo's answer about a fork's branch (modules/structs/fork.go SyncForkInfo, Forgejo 12 and later). */
export interface SyncForkInfo {
  allowed?: boolean;
  fork_commit?: string;
  base_commit?: string;
  commits_behind?: number;
}

/** Forgejo's fork update, its question first (routers/api/v1/repo/sync_fork.go SyncForkBranchInfo, Forgejo 12 and later). */
export function syncForkInfo(api: ApiClient, repo: RepoRef, branch: string): Promise<SyncForkInfo> {
  return record<SyncForkInfo>(api, 'GET', `${repoPath(repo)}${p`/sync_fork/${branch}`}`);
}

/** SyncForkBranch: a fast-forward of the fork's branch to its parent's branch of the same name; 204. */
export function syncFork(api: ApiClient, repo: RepoRef, branch: string): Promise<void> {
  return done(api, 'POST', `${repoPath(repo)}${p`/sync_fork/${branch}`}`);
}

/** How many commits `head` (a branch, tag or commit of the repository) has that `base` lacks (the compare endpoint). */
export async function commitsAhead(api: ApiClient, repo: RepoRef, base: string, head: string): Promise<number> {
  const path = `${repoPath(repo)}/compare/${encodeURIComponent(base)}...${encodeURIComponent(head)}`;
  const data = await record<{ total_commits?: number }>(api, 'GET', path);
  return typeof data.total_commits === 'number' ? data.total_commits : 0;
}

function deleteRepo(api: ApiClient, repo: RepoRef): Promise<void> {
  return done(api, 'DELETE', repoPath(repo));
}
export { deleteRepo as delete };

/** Fork into the user's account, or into `organization`; the server answers 202 with the new repository. */
export function fork(api: ApiClient, repo: RepoRef, body: CreateForkOption = {}): Promise<Repository> {
  return record<Repository>(api, 'POST', `${repoPath(repo)}/forks`, { body });
}

/** The logged-in user's repositories. */
export function listMine(api: ApiClient, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Repository[]> {
  return api.pages<Repository>('/user/repos', window, {}, { shape: REPO_SHAPE, ...options });
}

/** The repositories of a user that the logged-in user can see. */
export function listForUser(api: ApiClient, username: string, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Repository[]> {
  return api.pages<Repository>(p`/users/${username}/repos`, window, {}, { shape: REPO_SHAPE, ...options });
}

/** The combined state of a commit's statuses; `ref` is a branch, tag or commit SHA. */
export function combinedStatus(api: ApiClient, repo: RepoRef, ref: string): Promise<CombinedStatus> {
  return record<CombinedStatus>(api, 'GET', `${repoPath(repo)}${p`/commits/${ref}/status`}`);
}

/** Whether a branch exists on the server (a 404 says no; any other error is thrown). */
export function branchExists(api: ApiClient, repo: RepoRef, branch: string): Promise<boolean> {
  return api.get(`${repoPath(repo)}${p`/branches/${branch}`}`).then(
    () => true,
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return false;
      throw err;
    },
  );
}
