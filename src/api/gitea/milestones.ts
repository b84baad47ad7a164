// A repository's milestones: /repos/{owner}/{repo}/milestones.
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import type { StateFilter } from './issues.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';
import type { CreateMilestoneOption, EditMilestoneOption, Milestone } from './types.js';

/** A milestone by its id (Gitea also takes its name here). */
const milestonePath = (repo: RepoRef, id: number | string): string => `${repoPath(repo)}${p`/milestones/${id}`}`;

export function list(api: ApiClient, repo: RepoRef, window: PageWindow, query: { state?: StateFilter; name?: string } = {}, options: ListOptions = {}): AsyncGenerator<Milestone[]> {
  return api.pages<Milestone>(`${repoPath(repo)}/milestones`, window, query, options);
}

export function get(api: ApiClient, repo: RepoRef, id: number | string): Promise<Milestone> {
  return record<Milestone>(api, 'GET', milestonePath(repo, id));
}

export function create(api: ApiClient, repo: RepoRef, body: CreateMilestoneOption): Promise<Milestone> {
  return record<Milestone>(api, 'POST', `${repoPath(repo)}/milestones`, { body });
}

export function edit(api: ApiClient, repo: RepoRef, id: number | string, body: EditMilestoneOption): Promise<Milestone> {
  return record<Milestone>(api, 'PATCH', milestonePath(repo, id), { body });
}

function deleteMilestone(api: ApiClient, repo: RepoRef, id: number | string): Promise<void> {
  return done(api, 'DELETE', milestonePath(repo, id));
}
export { deleteMilestone as delete };
