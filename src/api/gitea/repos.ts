// Repositories: /repos/{owner}/{repo}, the user's and others' repository
// lists, forks, branches and commit statuses.
import type { RepoRef } from '../repo.js';
import { ApiError } from '../../errors.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import type { Shape } from '../response.js';
import { done, record } from './send.js';
import type { CombinedStatus, CreateForkOption, CreateRepoOption, EditRepoOption, Repository } from './types.js';

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
