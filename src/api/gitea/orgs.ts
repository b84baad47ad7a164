// Organizations: /orgs/{org} and the logged-in user's memberships.
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { done, record } from './send.js';
import type { CreateOrgOption, Organization } from './types.js';

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
