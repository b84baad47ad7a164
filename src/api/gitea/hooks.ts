// Webhooks of a repository (/repos/{owner}/{repo}/hooks) and of an
// organization (/orgs/{org}/hooks).
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { Shape } from '../response.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';
import type { CreateHookOption, EditHookOption, Hook } from './types.js';

/** What a hook's answer must hold to be one (a create or an edit): its id, which kettle shows and names it by. */
const MADE = { what: 'a webhook', keys: ['id'] } as const;
const HOOK_SHAPE: Shape = { id: 'number', active: 'boolean', events: 'array', config: 'object' };

const hookPath = (repo: RepoRef, id: number): string => `${repoPath(repo)}${p`/hooks/${id}`}`;
const orgHookPath = (org: string, id: number): string => p`/orgs/${org}/hooks/${id}`;

export function list(api: ApiClient, repo: RepoRef, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Hook[]> {
  return api.pages<Hook>(`${repoPath(repo)}/hooks`, window, {}, options);
}

export function get(api: ApiClient, repo: RepoRef, id: number): Promise<Hook> {
  return record<Hook>(api, 'GET', hookPath(repo, id));
}

/**
 * A new hook. types.ts follows Gitea's description; Forgejo's adds the
 * `forgejo` type, and a newer server may take others, so the type is any text.
 */
export type NewHook = Omit<CreateHookOption, 'type'> & { type: CreateHookOption['type'] | 'forgejo' | (string & {}) };

/** Real servers create a hook inactive unless `active` says otherwise: send it. */
export function create(api: ApiClient, repo: RepoRef, body: NewHook): Promise<Hook> {
  return record<Hook>(api, 'POST', `${repoPath(repo)}/hooks`, { body }, HOOK_SHAPE, MADE);
}

export function edit(api: ApiClient, repo: RepoRef, id: number, body: EditHookOption): Promise<Hook> {
  return record<Hook>(api, 'PATCH', hookPath(repo, id), { body }, HOOK_SHAPE, MADE);
}

function deleteHook(api: ApiClient, repo: RepoRef, id: number): Promise<void> {
  return done(api, 'DELETE', hookPath(repo, id));
}
export { deleteHook as delete };

/** Send a test delivery of the latest push (or of `ref`'s commit). */
export function test(api: ApiClient, repo: RepoRef, id: number, ref?: string): Promise<void> {
  return done(api, 'POST', `${hookPath(repo, id)}/tests`, ref === undefined ? {} : { query: { ref } });
}

export function listForOrg(api: ApiClient, org: string, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Hook[]> {
  return api.pages<Hook>(p`/orgs/${org}/hooks`, window, {}, options);
}

export function getForOrg(api: ApiClient, org: string, id: number): Promise<Hook> {
  return record<Hook>(api, 'GET', orgHookPath(org, id));
}

export function createForOrg(api: ApiClient, org: string, body: NewHook): Promise<Hook> {
  return record<Hook>(api, 'POST', p`/orgs/${org}/hooks`, { body }, HOOK_SHAPE, MADE);
}

export function editForOrg(api: ApiClient, org: string, id: number, body: EditHookOption): Promise<Hook> {
  return record<Hook>(api, 'PATCH', orgHookPath(org, id), { body }, HOOK_SHAPE, MADE);
}

export function deleteForOrg(api: ApiClient, org: string, id: number): Promise<void> {
  return done(api, 'DELETE', orgHookPath(org, id));
}
