// Whose webhooks a command is about: a repository (-R, or the git remote) or
// an organization (--org); the requests for each, and how failures are named.
import type { ApiClient, ListOptions as PageOptions } from '../../api/client.js';
import * as hooks from '../../api/gitea/hooks.js';
import * as orgs from '../../api/gitea/orgs.js';
import type { NewHook } from '../../api/gitea/hooks.js';
import type { EditHookOption, Hook } from '../../api/gitea/types.js';
import type { PageWindow } from '../../api/paginate.js';
import { isSafeSegment } from '../../context/repo.js';
import type { OrgTarget, RepoTarget, Where } from '../../context/target.js';
import { ApiError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import type { FlagValues } from '../../spec/spec.js';
import type { targetFlags } from './defs/shared.js';

export type TargetFlags = FlagValues<typeof targetFlags>;

export type Target = RepoTarget | OrgTarget;

/** Whose webhooks: --org, else the repository (target()); an organization's name is checked here. */
export function whose(opts: TargetFlags): Where & { user?: undefined } {
  return { repo: opts.repo, org: opts.org, orgName: checkedOrg };
}

function checkedOrg(org: string): string {
  if (!isSafeSegment(org)) throw new UsageError(`invalid --org "${org}": use letters, digits, - _ .`);
  return org;
}

/** A webhook id: a whole number of 1 or more. */
export function parseHookId(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`invalid webhook id "${value}": expected a whole number such as 3 (see kettle hook list)`);
  }
  return Number(value);
}

/** Real servers may send the secret back in config: kettle never shows it. */
export function withoutSecret(hook: Hook): Hook {
  if (!hook.config || !('secret' in hook.config)) return hook;
  const { secret: _secret, ...config } = hook.config;
  return { ...hook, config };
}

export function list(api: ApiClient, t: Target, window: PageWindow, options: PageOptions): AsyncGenerator<Hook[]> {
  return t.kind === 'repo' ? hooks.list(api, t.repo, window, options) : hooks.listForOrg(api, t.org, window, options);
}

export function get(api: ApiClient, t: Target, id: number): Promise<Hook> {
  return t.kind === 'repo' ? hooks.get(api, t.repo, id) : hooks.getForOrg(api, t.org, id);
}

export function create(api: ApiClient, t: Target, body: NewHook): Promise<Hook> {
  return t.kind === 'repo' ? hooks.create(api, t.repo, body) : hooks.createForOrg(api, t.org, body);
}

export function edit(api: ApiClient, t: Target, id: number, body: EditHookOption): Promise<Hook> {
  return t.kind === 'repo' ? hooks.edit(api, t.repo, id, body) : hooks.editForOrg(api, t.org, id, body);
}

export function remove(api: ApiClient, t: Target, id: number): Promise<void> {
  return t.kind === 'repo' ? hooks.delete(api, t.repo, id) : hooks.deleteForOrg(api, t.org, id);
}

/** Whether the repository or organization itself exists; on any doubt, assume it does. */
async function ownerExists(api: ApiClient, t: Target): Promise<boolean> {
  if (t.kind === 'repo') return true;
  return orgs.get(api, t.org).then(
    () => true,
    (err: unknown) => !(err instanceof ApiError && err.status === 404),
  );
}

/**
 * A catch handler for a request about webhook `id` (or the list, without one):
 * a 404 names the repository or organization when it is the one missing, else the webhook.
 */
export function hookFailure(api: ApiClient, t: Target, action: string, id?: number): (err: unknown) => Promise<never> {
  return async (err: unknown) => {
    if (t.kind === 'org' && err instanceof ApiError && err.status === 404 && !(await ownerExists(api, t))) {
      throw err.withMessage(`organization ${t.org} not found`);
    }
    const missing = id === undefined ? t.missing : `webhook ${id} in ${t.where}`;
    return failure({ action, missing, ...(t.kind === 'repo' ? { within: { api, repo: t.repo } } : {}) })(err);
  };
}
