// A repository's labels: /repos/{owner}/{repo}/labels. (Labels on one issue
// are in issues.ts.)
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';
import type { CreateLabelOption, EditLabelOption, Label } from './types.js';

const labelPath = (repo: RepoRef, id: number): string => `${repoPath(repo)}${p`/labels/${id}`}`;

export function list(api: ApiClient, repo: RepoRef, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Label[]> {
  return api.pages<Label>(`${repoPath(repo)}/labels`, window, {}, options);
}

/**
 * An organization's labels, which its repositories' issues may carry too.
 * A 404 means the owner is no organization.
 */
export function listOrg(api: ApiClient, org: string, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Label[]> {
  return api.pages<Label>(p`/orgs/${org}/labels`, window, {}, options);
}

export function get(api: ApiClient, repo: RepoRef, id: number): Promise<Label> {
  return record<Label>(api, 'GET', labelPath(repo, id));
}

export function create(api: ApiClient, repo: RepoRef, body: CreateLabelOption): Promise<Label> {
  return record<Label>(api, 'POST', `${repoPath(repo)}/labels`, { body });
}

export function edit(api: ApiClient, repo: RepoRef, id: number, body: EditLabelOption): Promise<Label> {
  return record<Label>(api, 'PATCH', labelPath(repo, id), { body });
}

function deleteLabel(api: ApiClient, repo: RepoRef, id: number): Promise<void> {
  return done(api, 'DELETE', labelPath(repo, id));
}
export { deleteLabel as delete };
