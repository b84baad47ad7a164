// A repository's branches and tags: /repos/{owner}/{repo}/branches and /tags.
// (Whether one branch exists, and a pull request's head deleted after a merge,
// are in repos.ts.)
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';
import type { Branch, CreateBranchRepoOption, CreateTagOption, Tag, UpdateBranchRepoOption } from './types.js';

const branchPath = (repo: RepoRef, name: string): string => `${repoPath(repo)}${p`/branches/${name}`}`;
const tagPath = (repo: RepoRef, name: string): string => `${repoPath(repo)}${p`/tags/${name}`}`;

export function listBranches(api: ApiClient, repo: RepoRef, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Branch[]> {
  return api.pages<Branch>(`${repoPath(repo)}/branches`, window, {}, options);
}

export function getBranch(api: ApiClient, repo: RepoRef, name: string): Promise<Branch> {
  return record<Branch>(api, 'GET', branchPath(repo, name));
}

export function createBranch(api: ApiClient, repo: RepoRef, body: CreateBranchRepoOption): Promise<Branch> {
  return record<Branch>(api, 'POST', `${repoPath(repo)}/branches`, { body });
}

/**
 * Every release known here renames with PATCH and `{name}`: Gitea 1.23 and
 * Forgejo call it UpdateBranch (UpdateBranchRepoOption), Gitea 1.26 and later
 * RenameBranch (RenameBranchRepoOption), the same body (their PUT moves a branch instead).
 */
export function renameBranch(api: ApiClient, repo: RepoRef, name: string, body: UpdateBranchRepoOption): Promise<void> {
  return done(api, 'PATCH', branchPath(repo, name), { body });
}

export function deleteBranch(api: ApiClient, repo: RepoRef, name: string): Promise<void> {
  return done(api, 'DELETE', branchPath(repo, name));
}

export function listTags(api: ApiClient, repo: RepoRef, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Tag[]> {
  return api.pages<Tag>(`${repoPath(repo)}/tags`, window, {}, options);
}

export function getTag(api: ApiClient, repo: RepoRef, name: string): Promise<Tag> {
  return record<Tag>(api, 'GET', tagPath(repo, name));
}

export function createTag(api: ApiClient, repo: RepoRef, body: CreateTagOption): Promise<Tag> {
  return record<Tag>(api, 'POST', `${repoPath(repo)}/tags`, { body });
}

export function deleteTag(api: ApiClient, repo: RepoRef, name: string): Promise<void> {
  return done(api, 'DELETE', tagPath(repo, name));
}
