// Actions secrets and variables of a repository (/repos/{owner}/{repo}/actions),
// an organization (/orgs/{org}/actions) or the logged-in user (/user/actions):
// routers/api/v1/repo/action.go, org/action.go and user/action.go in Gitea and
// Forgejo. Secrets are write-only: no answer ever carries a value.
import type { ApiClient, ListOptions } from '../client.js';
import { fewAtOnce } from '../in-flight.js';
import { type PageWindow, pageWindow } from '../paginate.js';
import type { RepoRef } from '../repo.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';

/** Whose secrets and variables: a repository's, an organization's, or the user's own. */
export type ActionsScope = { kind: 'repo'; repo: RepoRef } | { kind: 'org'; org: string } | { kind: 'user' };

/** A secret as listed: its name and when it was made (Gitea 1.24 and later add a description). */
export interface Secret {
  name: string;
  created_at?: string;
  description?: string;
}

/** A variable (ActionVariable): `data` is its value. Gitea 1.24 and later add a description. */
export interface ActionVariable {
  name: string;
  data: string;
  owner_id?: number;
  repo_id?: number;
  description?: string;
}

function base(scope: ActionsScope): string {
  if (scope.kind === 'repo') return `${repoPath(scope.repo)}/actions`;
  if (scope.kind === 'org') return p`/orgs/${scope.org}/actions`;
  return '/user/actions';
}

/** No server describes a list of the user's own secrets; the caller refuses before asking. */
export function listSecrets(api: ApiClient, scope: Exclude<ActionsScope, { kind: 'user' }>, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Secret[]> {
  return api.pages<Secret>(`${base(scope)}/secrets`, window, {}, options);
}

/**
 * Create or replace a secret: true when it was created (201), false when
 * replaced (204). On Gitea 1.24 and later UpdateSecret writes the description
 * it is sent, an empty one when none is (routers/api/v1/repo/action.go
 * CreateOrUpdateSecret): pass the secret's description to keep it.
 */
export async function putSecret(api: ApiClient, scope: ActionsScope, name: string, data: string, description?: string): Promise<boolean> {
  const res = await api.request('PUT', `${base(scope)}/secrets${p`/${name}`}`, { body: description === undefined ? { data } : { data, description } });
  return res.status === 201;
}

/** A repository's or organization's secret as the list shows it (names and dates, and from Gitea 1.24 a description); undefined when absent. */
export async function findSecret(api: ApiClient, scope: Exclude<ActionsScope, { kind: 'user' }>, name: string): Promise<Secret | undefined> {
  const upper = name.toUpperCase();
  for await (const page of listSecrets(api, scope, pageWindow({ all: true }))) {
    const found = page.find((s) => typeof s.name === 'string' && s.name.toUpperCase() === upper);
    if (found) return found;
  }
  return undefined;
}

export function deleteSecret(api: ApiClient, scope: ActionsScope, name: string): Promise<void> {
  return done(api, 'DELETE', `${base(scope)}/secrets${p`/${name}`}`);
}

/**
 * The variables with their values. A repository's list leaves every value
 * out on Gitea 1.23 and Forgejo 11 to 13 (routers/api/v1/repo/action.go
 * ListVariables builds each record without `Data`; seen on a real Gitea
 * 1.23.8), and a variable cannot be empty (`binding:"Required"`), so a record
 * with no value is read on its own.
 */
export async function* listVariables(api: ApiClient, scope: ActionsScope, window: PageWindow, options: ListOptions = {}): AsyncGenerator<ActionVariable[]> {
  for await (const page of api.pages<ActionVariable>(`${base(scope)}/variables`, window, {}, options)) {
    // A few at a time, as any several reads: a page of 50 without values is not 50 requests at once.
    yield await fewAtOnce(page, (v) => ((typeof v.data === 'string' && v.data !== '') || typeof v.name !== 'string' ? Promise.resolve(v) : getVariable(api, scope, v.name)));
  }
}

export function getVariable(api: ApiClient, scope: ActionsScope, name: string): Promise<ActionVariable> {
  return record<ActionVariable>(api, 'GET', `${base(scope)}/variables${p`/${name}`}`);
}

/** Create a variable; an existing one of that name is refused with 409. */
export function createVariable(api: ApiClient, scope: ActionsScope, name: string, value: string): Promise<void> {
  return done(api, 'POST', `${base(scope)}/variables${p`/${name}`}`, { body: { value } });
}

/**
 * Change an existing variable's value (404 when there is none). `description`
 * only where the server has one (Gitea 1.24 and later), which the update
 * replaces with what is sent, empty when nothing is.
 */
export function updateVariable(api: ApiClient, scope: ActionsScope, name: string, value: string, description?: string): Promise<void> {
  return done(api, 'PUT', `${base(scope)}/variables${p`/${name}`}`, { body: { value, ...(description !== undefined ? { description } : {}) } });
}

export function deleteVariable(api: ApiClient, scope: ActionsScope, name: string): Promise<void> {
  return done(api, 'DELETE', `${base(scope)}/variables${p`/${name}`}`);
}
