// A commit's combined status in one word (pr view, pr status, status).
import type { CombinedStatus } from '../api/gitea/types.js';

/** The combined status state in one word; `none` when the commit has no statuses. */
export function checkState(status: CombinedStatus | undefined): string {
  if (!status?.statuses || status.statuses.length === 0) return 'none';
  return status.state ?? 'pending';
}
