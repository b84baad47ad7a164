// Organizations: /orgs/{org} and the logged-in user's memberships.
import type { ApiClient, ListOptions } from '../client.js';
import { ApiError } from '../../errors.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { done, record } from './send.js';
import * as teams from './teams.js';
import type { CreateOrgOption, Organization, Team, User } from './types.js';

/** The organizations the logged-in user belongs to. */
export function list(api: ApiClient, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Organization[]> {
  return api.pages<Organization>('/user/orgs', window, {}, options);
}

export function get(api: ApiClient, org: string): Promise<Organization> {
  return record<Organization>(api, 'GET', p`/orgs/${org}`);
}

/** `username` is the organization's name. */
export function create(api: ApiClient, body: CreateOrgOption): Promise<Organization> {
  return record<Organization>(api, 'POST', '/orgs', { body });
}

function deleteOrg(api: ApiClient, org: string): Promise<void> {
  return done(api, 'DELETE', p`/orgs/${org}`);
}
export { deleteOrg as delete };

/** Whether a name is an organization's (users and organizations share one namespace): GET /orgs/{name} answers 404 for a user. */
export function isOrganization(api: ApiClient, name: string): Promise<boolean> {
  return api.get(p`/orgs/${name}`).then(
    () => true,
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return false;
      throw err;
    },
  );
}

/**
 * Whether a user owns an organization: a member of its Owners team, the team
 * with the `owner` permission that every organization has
 * (models/organization CreateOrganization). undefined when the teams cannot be
 * read (they are visible to the organization's members).
 */
export async function isOwner(api: ApiClient, org: string, login: string): Promise<boolean | undefined> {
  try {
    // Read page by page until the Owners team shows: an organization may have more teams than one page holds.
    let owners: Team | undefined;
    for await (const page of teams.list(api, org, { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 })) {
      owners = page.find((t) => t.permission === 'owner');
      if (owners) break;
    }
    if (owners?.id === undefined) return undefined;
    return await api.get(`/teams/${owners.id}${p`/members/${login}`}`).then(
      () => true,
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return false;
        throw err;
      },
    );
  } catch {
    return undefined;
  }
}

/** The organization's members (a member sees every member; anyone else only the public ones). */
export function members(api: ApiClient, org: string, window: PageWindow, options: ListOptions = {}): AsyncGenerator<User[]> {
  return api.pages<User>(p`/orgs/${org}/members`, window, {}, options);
}

/** Removes the user from every team of the organization (services/org RemoveOrgUser). */
export function removeMember(api: ApiClient, org: string, login: string): Promise<void> {
  return done(api, 'DELETE', p`/orgs/${org}/members/${login}`);
}

/** Whether a user is a member (routers/api/v1/org/member.go IsMember: 204 for a member, 404 otherwise). */
export function isMember(api: ApiClient, org: string, login: string): Promise<boolean> {
  return api.get(p`/orgs/${org}/members/${login}`).then(
    () => true,
    (err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return false;
      throw err;
    },
  );
}
