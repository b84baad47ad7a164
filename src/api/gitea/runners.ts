// Actions runners of a repository (/repos/{owner}/{repo}/actions/runners), an
// organization (/orgs/{org}/actions/runners), the logged-in user
// (/user/actions/runners) or the whole instance (/admin/actions/runners):
// routers/api/v1/api.go and routers/api/v1/shared/runners.go in Gitea and Forgejo.
// Which release has which endpoint is the commands' concern (commands/runner/shared.ts).
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import type { RepoRef } from '../repo.js';
import { ApiError } from '../../errors.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';

/** Whose runners: a repository's, an organization's, the user's own, or the instance's (an administrator's). */
export type RunnerScope = { kind: 'repo'; repo: RepoRef } | { kind: 'org'; org: string } | { kind: 'user' } | { kind: 'global' };

/**
 * A runner as listed. Gitea (1.24 and later) sends labels as records
 * ({id, name, type}) and `busy`, from 1.26 `disabled`; Forgejo (15 and
 * later) sends labels as names, with `uuid`, `version`, `owner_id`, `repo_id`
 * and `description`.
 */
export interface Runner {
  id: number;
  name?: string;
  status?: string;
  busy?: boolean;
  disabled?: boolean;
  ephemeral?: boolean;
  labels?: Array<string | { id?: number; name?: string; type?: string }> | null;
  version?: string;
  description?: string;
}

export function runnersPath(scope: RunnerScope): string {
  if (scope.kind === 'repo') return `${repoPath(scope.repo)}/actions/runners`;
  if (scope.kind === 'org') return p`/orgs/${scope.org}/actions/runners`;
  if (scope.kind === 'user') return '/user/actions/runners';
  return '/admin/actions/runners';
}

/**
 * The list out of its answer: Gitea wraps it ({runners, total_count},
 * shared/runners.go ListRunners, ActionRunnersResponse), Forgejo 15 sends
 * the list itself with X-Total-Count and Link.
 */
function runnerList(data: unknown, path: string, status: number): unknown {
  if (Array.isArray(data)) return data;
  const list = data !== null && typeof data === 'object' ? (data as { runners?: unknown }).runners : undefined;
  // Go writes a nil list as null.
  if (list === null) return [];
  if (!Array.isArray(list)) throw new ApiError({ message: `the server's answer to GET ${path} has no "runners" list`, method: 'GET', path, status });
  return list;
}

/**
 * The runners, page by page. Gitea's ListRunners reads `page` and `limit`
 * (utils.GetListOptions) though its description names neither, and sends
 * no total header: pages are followed until a short one.
 */
export function listRunners(api: ApiClient, scope: RunnerScope, window: PageWindow, options: ListOptions = {}): AsyncGenerator<Runner[]> {
  return api.pages<Runner>(runnersPath(scope), window, {}, { ...options, unwrap: runnerList, shape: { id: 'number' } });
}

export function getRunner(api: ApiClient, scope: RunnerScope, id: number): Promise<Runner> {
  return record<Runner>(api, 'GET', `${runnersPath(scope)}/${id}`);
}

export function deleteRunner(api: ApiClient, scope: RunnerScope, id: number): Promise<void> {
  return done(api, 'DELETE', `${runnersPath(scope)}/${id}`);
}

/**
 * A registration token (a secret: the caller prints it on stdout alone).
 * `post`: Gitea 1.24 and later's CreateRegistrationToken (the only one from
 * 1.26; the instance's at /admin/actions/runners/registration-token).
 * Otherwise GetRegistrationToken, as Gitea 1.23 to 1.25 and Forgejo have it
 * (the instance's at /admin/runners/registration-token).
 */
export async function registrationToken(api: ApiClient, scope: RunnerScope, post: boolean): Promise<string> {
  const path = post || scope.kind !== 'global' ? `${runnersPath(scope)}/registration-token` : '/admin/runners/registration-token';
  const method = post ? 'POST' : 'GET';
  const answer = await record<{ token?: unknown }>(api, method, path);
  if (typeof answer.token !== 'string' || answer.token === '') {
    throw new ApiError({ message: `the server's answer to ${method} ${path} holds no token`, method, path, status: 200 });
  }
  return answer.token;
}
