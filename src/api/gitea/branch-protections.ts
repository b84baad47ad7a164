// A repository's branch protection rules: /repos/{owner}/{repo}/branch_protections.
// Every endpoint is for the repository's administrators (api.go: reqAdmin on the group).
// A rule is addressed by its name, a branch name or a glob such as `release/*`,
// as one percent-encoded path segment (`release%2F*`): Gitea 1.23 and Forgejo
// route the name as one segment, Gitea 1.26 and later as the rest of the path,
// and all three releases recorded answer the encoded form (the plain slash
// only Gitea 1.27).
import type { RepoRef } from '../repo.js';
import type { ApiClient } from '../client.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, list, record } from './send.js';
import type { BranchProtection, CreateBranchProtectionOption, EditBranchProtectionOption } from './types.js';

/**
 * A rule as the servers answer it. Beyond Gitea 1.23's description: Forgejo's
 * `apply_to_admins` (it has no `priority`, force-push or bypass lists), Gitea
 * 1.27's bypass allowlist.
 */
export type Protection = BranchProtection & {
  apply_to_admins?: boolean;
  enable_bypass_allowlist?: boolean;
  bypass_allowlist_usernames?: string[] | null;
  bypass_allowlist_teams?: string[] | null;
};

/** What an edit may carry: the fields of the rule each server's edit reads (see EDITABLE). */
export type ProtectionEdit = EditBranchProtectionOption & {
  apply_to_admins?: boolean;
  enable_bypass_allowlist?: boolean;
  bypass_allowlist_usernames?: string[];
  bypass_allowlist_teams?: string[];
};

/**
 * The fields of a rule that EditBranchProtectionOption also names, in every
 * release's description (Forgejo's apply_to_admins and Gitea 1.27's bypass
 * allowlist only where the rule carries them). `priority` is left out: kettle
 * does not set it, and sending it back could undo a reordering made meanwhile.
 */
export const EDITABLE = [
  'enable_push',
  'enable_push_whitelist',
  'push_whitelist_usernames',
  'push_whitelist_teams',
  'push_whitelist_deploy_keys',
  'enable_force_push',
  'enable_force_push_allowlist',
  'force_push_allowlist_usernames',
  'force_push_allowlist_teams',
  'force_push_allowlist_deploy_keys',
  'enable_merge_whitelist',
  'merge_whitelist_usernames',
  'merge_whitelist_teams',
  'enable_bypass_allowlist',
  'bypass_allowlist_usernames',
  'bypass_allowlist_teams',
  'enable_status_check',
  'status_check_contexts',
  'required_approvals',
  'enable_approvals_whitelist',
  'approvals_whitelist_username',
  'approvals_whitelist_teams',
  'block_on_rejected_reviews',
  'block_on_official_review_requests',
  'block_on_outdated_branch',
  'dismiss_stale_approvals',
  'ignore_stale_approvals',
  'require_signed_commits',
  'protected_file_patterns',
  'unprotected_file_patterns',
  'block_admin_merge_override',
  'apply_to_admins',
] as const satisfies ReadonlyArray<keyof ProtectionEdit>;

const rulesPath = (repo: RepoRef): string => `${repoPath(repo)}/branch_protections`;
const rulePath = (repo: RepoRef, name: string): string => `${rulesPath(repo)}${p`/${name}`}`;

/** Every rule, in the order the servers apply them; the servers do not page this list. */
export function listProtections(api: ApiClient, repo: RepoRef): Promise<Protection[]> {
  return list<Protection>(api, 'GET', rulesPath(repo));
}

export function getProtection(api: ApiClient, repo: RepoRef, name: string): Promise<Protection> {
  return record<Protection>(api, 'GET', rulePath(repo, name));
}

/** `rule_name`, which every release here reads (`branch_name` is its older, deprecated spelling). */
export function createProtection(api: ApiClient, repo: RepoRef, body: CreateBranchProtectionOption & { rule_name: string }): Promise<Protection> {
  return record<Protection>(api, 'POST', rulesPath(repo), { body });
}

export function editProtection(api: ApiClient, repo: RepoRef, name: string, body: ProtectionEdit): Promise<Protection> {
  return record<Protection>(api, 'PATCH', rulePath(repo, name), { body });
}

export function deleteProtection(api: ApiClient, repo: RepoRef, name: string): Promise<void> {
  return done(api, 'DELETE', rulePath(repo, name));
}
