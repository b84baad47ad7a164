// Organizations: /orgs/{org} and the logged-in user's memberships.
import type { ApiClient, ListOptions } from '../client.js';
import { ApiError } from '../../errors.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { done, record } from './send.js';
import type { CreateOrgOption, Organization, Team } from './types.js';

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
    for await (const page of api.pages<Team>(p`/orgs/${org}/teams`, { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 })) {
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

/** Every team of an organization (visible to its members), read page by page. */
export async function teams(api: ApiClient, org: string): Promise<Team[]> {
  const all: Team[] = [];
  for await (const page of api.pages<Team>(p`/orgs/${org}/teams`, { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 })) all.push(...page);
  return all;
}
