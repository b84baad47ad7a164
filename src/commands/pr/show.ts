// The pieces of a pull request shown by view and status: state,
// review verdicts, as words a reviewer acts on.
import type { PullRequest, PullReview } from '../../api/gitea/types.js';

/** open, closed, merged or draft. */
export function stateOf(pr: PullRequest): 'open' | 'closed' | 'merged' | 'draft' {
  if (pr.merged === true || pr.merged_at) return 'merged';
  if (pr.state === 'closed') return 'closed';
  return isDraft(pr) ? 'draft' : 'open';
}

/**
 * Gitea and Forgejo mark a draft by a title starting with `WIP:` or `[WIP]`,
 * in any case (their default work-in-progress prefixes); newer servers also send `draft`.
 */
export const DRAFT_PREFIX = /^(WIP:|\[WIP\])\s*/i;

/** The title without its draft prefixes. */
export function undrafted(title: string): string {
  let next = title;
  while (DRAFT_PREFIX.test(next)) next = next.replace(DRAFT_PREFIX, '');
  return next;
}
export function isDraft(pr: PullRequest): boolean {
  return pr.draft === true || DRAFT_PREFIX.test(pr.title ?? '');
}

export function mergeability(pr: PullRequest): string {
  if (stateOf(pr) === 'merged' || pr.state === 'closed') return '';
  return pr.mergeable === false ? 'conflicting' : 'mergeable';
}

const VERDICTS: Record<string, string> = {
  APPROVED: 'approved',
  REQUEST_CHANGES: 'requested changes',
  COMMENT: 'commented',
  PENDING: 'pending',
  REQUEST_REVIEW: 'review requested',
};

/** Each reviewer's latest verdict, in the order they first reviewed. */
export function verdicts(reviews: PullReview[]): Array<{ who: string; verdict: string; state: string }> {
  const latest = new Map<string, PullReview>();
  for (const r of reviews) {
    const who = r.user?.login ?? r.team?.name ?? '?';
    if (r.state === 'REQUEST_REVIEW' || r.state === 'PENDING') continue;
    // A plain comment does not replace an approval or a request for changes.
    const before = latest.get(who);
    if (r.state === 'COMMENT' && before && before.state !== 'COMMENT') continue;
    latest.set(who, r);
  }
  return [...latest].map(([who, r]) => ({ who, state: r.state ?? '', verdict: VERDICTS[r.state ?? ''] ?? (r.state ?? '').toLowerCase() }));
}
