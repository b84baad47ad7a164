// An organization's teams: /orgs/{org}/teams, /teams/{id} and a team's members and repositories.
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { done, record } from './send.js';
import type { CreateTeamOption, Repository, Team, User } from './types.js';

export function list(api: ApiClient, org: string, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Team[]> {
  return api.pages<Team>(p`/orgs/${org}/teams`, window, {}, options);
}

/** Every team of an organization (visible to its members and to site administrators), read page by page. */
export async function all(api: ApiClient, org: string): Promise<Team[]> {
  const out: Team[] = [];
  for await (const page of list(api, org, { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 })) out.push(...page);
  return out;
}

export function get(api: ApiClient, id: number): Promise<Team> {
  return record<Team>(api, 'GET', p`/teams/${id}`);
}

export function create(api: ApiClient, org: string, body: CreateTeamOption): Promise<Team> {
  return record<Team>(api, 'POST', p`/orgs/${org}/teams`, { body });
}

function deleteTeam(api: ApiClient, id: number): Promise<void> {
  return done(api, 'DELETE', p`/teams/${id}`);
}
export { deleteTeam as delete };

export function members(api: ApiClient, id: number, window: PageWindow, options: ListOptions = {}): AsyncGenerator<User[]> {
  return api.pages<User>(p`/teams/${id}/members`, window, {}, options);
}

/** Adding a user to a team makes them a member of its organization (services/org AddTeamMember). */
export function addMember(api: ApiClient, id: number, login: string): Promise<void> {
  return done(api, 'PUT', p`/teams/${id}/members/${login}`);
}

export function removeMember(api: ApiClient, id: number, login: string): Promise<void> {
  return done(api, 'DELETE', p`/teams/${id}/members/${login}`);
}

export function repos(api: ApiClient, id: number, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Repository[]> {
  return api.pages<Repository>(p`/teams/${id}/repos`, window, {}, options);
}

/** Only the organization's own repositories: any other answers 404 (routers/api/v1/org/team.go getRepositoryByParams looks it up under the team's organization). */
export function addRepo(api: ApiClient, id: number, repo: RepoRef): Promise<void> {
  return done(api, 'PUT', p`/teams/${id}/repos/${repo.owner}/${repo.name}`);
}

export function removeRepo(api: ApiClient, id: number, repo: RepoRef): Promise<void> {
  return done(api, 'DELETE', p`/teams/${id}/repos/${repo.owner}/${repo.name}`);
}
