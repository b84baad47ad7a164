// What a pull request's checks add up to: the newest status of each context,
// the contexts a branch protection requires (glob patterns, as the servers
// match them), and the one outcome with its exit status.
import type { CommitStatus } from '../../api/gitea/types.js';
import { serverGlob } from '../glob.js';

/** One line of `pr checks`: a context's newest status, or a required context that has not reported. */
export interface Check {
  context: string;
  status: string;
  description: string;
  target_url: string;
  created_at?: string | null;
  /** A required context no status matched yet: waited for, shown as pending. */
  expected?: boolean;
}

/** The newest status of each context (the servers keep every report; the newest counts). */
export function newestByContext(statuses: CommitStatus[]): CommitStatus[] {
  const newest = new Map<string, CommitStatus>();
  for (const s of statuses) {
    const context = s.context ?? '';
    const seen = newest.get(context);
    if (!seen || newer(s, seen)) newest.set(context, s);
  }
  return [...newest.values()].sort((a, b) => (a.context ?? '').localeCompare(b.context ?? ''));
}

function newer(a: CommitStatus, b: CommitStatus): boolean {
  if (typeof a.id === 'number' && typeof b.id === 'number') return a.id > b.id;
  return String(a.created_at ?? '') > String(b.created_at ?? '');
}

/**
 * A status-check context pattern as the servers compile it (gobwas/glob, no
 * separator: `*` matches any text, `/` included).
 */
export function contextPattern(pattern: string): RegExp {
  return serverGlob(pattern);
}

function asCheck(s: CommitStatus): Check {
  return { context: s.context ?? '', status: s.status ?? '', description: s.description ?? '', target_url: s.target_url ?? '', created_at: s.created_at ?? null };
}

/**
 * The checks to count: every context's newest status, or with `required` the
 * ones a required pattern matches, plus a pending line for each pattern no
 * status matches yet (the servers count it as pending too).
 */
export function checksOf(statuses: CommitStatus[], required?: readonly string[]): Check[] {
  const newest = newestByContext(statuses);
  if (required === undefined) return newest.map(asCheck);
  const patterns = required.map((p) => ({ pattern: p, re: contextPattern(p) }));
  const matched = newest.filter((s) => patterns.some((p) => p.re.test(s.context ?? ''))).map(asCheck);
  const missing = patterns
    .filter((p) => !newest.some((s) => p.re.test(s.context ?? '')))
    .map((p): Check => ({ context: p.pattern, status: 'pending', description: 'required; not reported yet', target_url: '', expected: true }));
  return [...matched, ...missing];
}

export interface Tally {
  passed: number;
  failed: number;
  pending: number;
  total: number;
}

export function tally(checks: readonly Check[]): Tally {
  const t: Tally = { passed: 0, failed: 0, pending: 0, total: checks.length };
  for (const c of checks) {
    // As the servers' merge gate counts them: `skipped` (Gitea 1.25 and later
    // post it for skipped Actions jobs) passes; `warning` is no success
    // (commitstatus.CommitStatusState.IsSuccess; Gitea 1.26 combines it into
    // failure), so a gate that waits on it would wait for ever.
    if (c.status === 'success' || c.status === 'skipped') t.passed++;
    else if (c.status === 'failure' || c.status === 'error' || c.status === 'warning') t.failed++;
    // pending, and any state a newer server may add, is not done yet.
    else t.pending++;
  }
  return t;
}

/** The summary line: "3 checks: 2 passed, 1 pending". */
export function summary(t: Tally): string {
  const parts = [t.failed ? `${t.failed} failed` : '', t.pending ? `${t.pending} pending` : '', t.passed ? `${t.passed} passed` : ''].filter(Boolean);
  return `${t.total} check${t.total === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
