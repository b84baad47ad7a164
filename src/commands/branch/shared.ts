// What the branch verbs share: how a branch is shown, and the wording of a failed request about one.
import type { Column, Row } from '../../output/printer.js';
import type { RepoRef } from '../../context/repo.js';
import { fullName } from '../../context/repo.js';
import type { Attempt } from '../failure.js';
import { UsageError } from '../../errors.js';

function commitOf(r: Row): Row {
  return typeof r.commit === 'object' && r.commit !== null ? (r.commit as Row) : {};
}

/** The first line of the branch's head commit. */
function subject(r: Row): string {
  const m = commitOf(r).message;
  return typeof m === 'string' ? (m.split('\n')[0] ?? '') : '';
}

export const branchColumns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'commit', header: 'COMMIT', get: (r) => String(commitOf(r).id ?? '').slice(0, 10), drop: 2 },
  { key: 'protected', header: 'PROTECTED', get: (r) => (r.protected === true ? 'protected' : ''), drop: 1 },
  { key: 'message', header: 'MESSAGE', get: subject, flex: true, drop: 3 },
];

export const branchViewColumns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'commit', header: 'COMMIT', get: (r) => String(commitOf(r).id ?? '') },
  { key: 'message', header: 'MESSAGE', get: subject },
  { key: 'timestamp', header: 'DATE', kind: 'time', get: (r) => commitOf(r).timestamp },
  { key: 'protected', header: 'PROTECTED', get: (r) => r.protected === true },
  { key: 'effective_branch_protection_name', header: 'RULE' },
  { key: 'required_approvals', header: 'APPROVALS' },
  { key: 'status_check_contexts', header: 'CHECKS' },
  { key: 'user_can_push', header: 'CAN PUSH' },
];

/** How a request about one branch fails: a 404 names the branch (or the repository, when it is that). */
export function branchAttempt(action: string, repo: RepoRef, name: string): Attempt {
  return { action: `${action} branch "${name}" in ${fullName(repo)}`, missing: `branch "${name}" in ${fullName(repo)}` };
}

const names = (r: Row, users: string, teams: string): string[] => [
  ...(Array.isArray(r[users]) ? (r[users] as unknown[]).map(String) : []),
  ...(Array.isArray(r[teams]) ? (r[teams] as unknown[]).map((t) => `team ${String(t)}`) : []),
];

/** Who may push under a rule: nobody, anyone with write access, or those listed. */
export function pushers(r: Row): string {
  if (r.enable_push !== true) return 'none';
  if (r.enable_push_whitelist !== true) return 'all';
  const listed = names(r, 'push_whitelist_usernames', 'push_whitelist_teams');
  return listed.length > 0 ? listed.join(', ') : 'nobody listed';
}

/** Who may merge under a rule: anyone with write access, or those listed. */
export function mergers(r: Row): string {
  if (r.enable_merge_whitelist !== true) return 'all';
  const listed = names(r, 'merge_whitelist_usernames', 'merge_whitelist_teams');
  return listed.length > 0 ? listed.join(', ') : 'nobody listed';
}

const checks = (r: Row): string =>
  r.enable_status_check === true ? (Array.isArray(r.status_check_contexts) && r.status_check_contexts.length > 0 ? r.status_check_contexts.join(', ') : 'required (none named)') : '';

export const protectionColumns: Column[] = [
  { key: 'rule_name', header: 'RULE' },
  { key: 'priority', header: 'PRIORITY', drop: 4 },
  { key: 'required_approvals', header: 'APPROVALS', drop: 3 },
  { key: 'status_check_contexts', header: 'CHECKS', get: checks, flex: true, drop: 2 },
  { key: 'enable_push', header: 'PUSH', get: pushers, drop: 1 },
  { key: 'enable_merge_whitelist', header: 'MERGE', get: mergers, drop: 1 },
];

export const protectionViewColumns: Column[] = [
  { key: 'rule_name', header: 'RULE' },
  { key: 'priority', header: 'PRIORITY' },
  { key: 'required_approvals', header: 'APPROVALS' },
  { key: 'status_check_contexts', header: 'CHECKS', get: checks },
  { key: 'enable_push', header: 'PUSH', get: pushers },
  { key: 'enable_merge_whitelist', header: 'MERGE', get: mergers },
  { key: 'dismiss_stale_approvals', header: 'DISMISS STALE APPROVALS' },
  { key: 'block_on_rejected_reviews', header: 'BLOCK ON REJECTED REVIEWS' },
  { key: 'block_on_outdated_branch', header: 'BLOCK ON OUTDATED BRANCH' },
  { key: 'require_signed_commits', header: 'SIGNED COMMITS' },
  { key: 'protected_file_patterns', header: 'PROTECTED FILES' },
  { key: 'unprotected_file_patterns', header: 'UNPROTECTED FILES' },
  { key: 'updated_at', header: 'UPDATED', kind: 'time' },
];

/** How a request about one protection rule fails: a 404 names the rule (or the repository, when it is that). */
export function ruleAttempt(action: string, repo: RepoRef, rule: string): Attempt {
  return { action: `${action} the protection rule "${rule}" of ${fullName(repo)}`, missing: `branch protection rule "${rule}" in ${fullName(repo)}` };
}

/** A rule's name as given: never empty (the servers answer 400 for that). */
export function ruleName(given: string): string {
  if (given.trim() === '') throw new UsageError('a rule needs a name: a branch name or a glob such as release/*');
  return given;
}
