// A repository's settings beyond its record: stars, collaborators, topics,
// migration from elsewhere and a mirror's sync. Paths and answers as Gitea
// 1.23+ and Forgejo 11+ have them (routers/api/v1/user/star.go,
// repo/collaborators.go, repo/topic.go, repo/migrate.go, repo/mirror.go).
import type { RepoRef } from '../repo.js';
import { ApiError } from '../../errors.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { expectRecord } from '../response.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';
import type { Repository, User } from './types.js';

// Stars ------------------------------------------------------------------

function starPath(repo: RepoRef): string {
  return p`/user/starred/${repo.owner}/${repo.name}`;
}

/** Whether the logged-in user has starred the repository: 204 yes, 404 no (or no such repository: ask repos.exists). */
export function isStarred(api: ApiClient, repo: RepoRef): Promise<boolean> {
  return api.get(starPath(repo)).then(
    () => true,
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return false;
      throw err;
    },
  );
}

export function star(api: ApiClient, repo: RepoRef): Promise<void> {
  return done(api, 'PUT', starPath(repo));
}

export function unstar(api: ApiClient, repo: RepoRef): Promise<void> {
  return done(api, 'DELETE', starPath(repo));
}

// Collaborators ------------------------------------------------------------

export type Permission = 'read' | 'write' | 'admin';

function collaboratorPath(repo: RepoRef, login: string): string {
  return `${repoPath(repo)}${p`/collaborators/${login}`}`;
}

export function listCollaborators(api: ApiClient, repo: RepoRef, window: PageWindow, options: ListOptions = {}): AsyncGenerator<User[]> {
  return api.pages<User>(`${repoPath(repo)}/collaborators`, window, {}, options);
}

/** Whether the user is a collaborator: 204 yes, 404 no; an unknown user is a 422. */
export function isCollaborator(api: ApiClient, repo: RepoRef, login: string): Promise<boolean> {
  return api.get(collaboratorPath(repo, login)).then(
    () => true,
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return false;
      throw err;
    },
  );
}

/**
 * What a user may do in the repository (none, read, write, admin, owner), as
 * repo/collaborators.go GetRepoPermissions tells a repository administrator;
 * undefined for a user that does not exist (404).
 */
export function permissionOf(api: ApiClient, repo: RepoRef, login: string): Promise<string | undefined> {
  return record<{ permission?: string }>(api, 'GET', `${collaboratorPath(repo, login)}/permission`).then(
    (answer) => answer.permission ?? '',
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return undefined;
      throw err;
    },
  );
}

/** Add a collaborator, or change a collaborator's permission (the servers default to write). */
export function addCollaborator(api: ApiClient, repo: RepoRef, login: string, permission: Permission): Promise<void> {
  return done(api, 'PUT', collaboratorPath(repo, login), { body: { permission } });
}

export function removeCollaborator(api: ApiClient, repo: RepoRef, login: string): Promise<void> {
  return done(api, 'DELETE', collaboratorPath(repo, login));
}

// Topics -------------------------------------------------------------------

/** Every topic: the servers page this list, 25 topics at most fit on one page of 50. */
export async function listTopics(api: ApiClient, repo: RepoRef): Promise<string[]> {
  const path = `${repoPath(repo)}/topics`;
  const res = await api.request('GET', path, { query: { limit: 50 } });
  const topics = expectRecord(res.data, 'GET', path, res.status).topics;
  return Array.isArray(topics) ? topics.filter((t): t is string => typeof t === 'string') : [];
}

export function addTopic(api: ApiClient, repo: RepoRef, topic: string): Promise<void> {
  return done(api, 'PUT', `${repoPath(repo)}${p`/topics/${topic}`}`);
}

export function removeTopic(api: ApiClient, repo: RepoRef, topic: string): Promise<void> {
  return done(api, 'DELETE', `${repoPath(repo)}${p`/topics/${topic}`}`);
}

/** Replace every topic with these (none clears them). */
export function setTopics(api: ApiClient, repo: RepoRef, topics: string[]): Promise<void> {
  return done(api, 'PUT', `${repoPath(repo)}/topics`, { body: { topics } });
}

// Migration and mirrors ----------------------------------------------------

/** The body of POST /repos/migrate (MigrateRepoOptions), as kettle sends it. */
export interface MigrateRepoOptions {
  clone_addr: string;
  repo_name: string;
  repo_owner?: string;
  service?: string;
  mirror?: boolean;
  mirror_interval?: string;
  private?: boolean;
  auth_username?: string;
  auth_password?: string;
  auth_token?: string;
  issues?: boolean;
  labels?: boolean;
  milestones?: boolean;
  releases?: boolean;
  pull_requests?: boolean;
  wiki?: boolean;
  lfs?: boolean;
  description?: string;
}

/** Whether the server keeps LFS objects (GET /settings/repository `lfs_disabled`, every release read). */
export async function lfsEnabled(api: ApiClient): Promise<boolean> {
  const settings = await record<{ lfs_disabled?: boolean }>(api, 'GET', '/settings/repository');
  return settings.lfs_disabled !== true;
}

/** The servers migrate within the request and answer 201 with the repository once done. */
export function migrate(api: ApiClient, body: MigrateRepoOptions): Promise<Repository> {
  return record<Repository>(api, 'POST', '/repos/migrate', { body });
}

/** Ask a mirror to fetch from its source now; the servers queue it and answer 200. */
export function mirrorSync(api: ApiClient, repo: RepoRef): Promise<void> {
  return done(api, 'POST', `${repoPath(repo)}/mirror-sync`);
}
