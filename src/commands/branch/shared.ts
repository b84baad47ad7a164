// What the branch verbs share: how a branch is shown, and the wording of a failed request about one.
import type { Column, Row } from '../../output/printer.js';
import type { RepoRef } from '../../context/repo.js';
import { fullName } from '../../context/repo.js';
import type { Attempt } from '../failure.js';

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
