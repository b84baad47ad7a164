// Site administration: /admin/users, /admin/orgs and /admin/cron. Every
// endpoint needs a site administrator (api.go reqSiteAdmin: 403 otherwise).
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { done, record } from './send.js';
import type { CreateUserOption, Cron, EditUserOption, Organization, User } from './types.js';

/** Every individual account, alphabetically (admin/user.go SearchUsers). */
export function listUsers(api: ApiClient, window: PageWindow, options: ListOptions = {}): AsyncGenerator<User[]> {
  return api.pages<User>('/admin/users', window, {}, options);
}

export function createUser(api: ApiClient, body: CreateUserOption): Promise<User> {
  return record<User>(api, 'POST', '/admin/users', { body });
}

/**
 * Gitea requires login_name and source_id in the body (EditUserOption binds
 * login_name Required); Forgejo takes both or neither, so its type has them optional.
 */
export type EditUser = Omit<EditUserOption, 'login_name' | 'source_id'> & { login_name?: string; source_id?: number };

export function editUser(api: ApiClient, login: string, body: EditUser): Promise<User> {
  return record<User>(api, 'PATCH', p`/admin/users/${login}`, { body });
}

/** `purge` also deletes what the user owns (repositories, memberships, packages). */
export function deleteUser(api: ApiClient, login: string, purge: boolean): Promise<void> {
  return done(api, 'DELETE', p`/admin/users/${login}`, purge ? { query: { purge: true } } : {});
}

/** Every organization on the site, private ones too (admin/org.go GetAllOrgs). */
export function listOrgs(api: ApiClient, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Organization[]> {
  return api.pages<Organization>('/admin/orgs', window, {}, options);
}

/** The server's scheduled tasks (admin/cron.go ListCronTasks). */
export function listCron(api: ApiClient, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Cron[]> {
  return api.pages<Cron>('/admin/cron', window, {}, options);
}

/** Start a task now (PostCronTask: 204; 404 for a name it does not know). */
export function runCron(api: ApiClient, task: string): Promise<void> {
  return done(api, 'POST', p`/admin/cron/${task}`);
}
