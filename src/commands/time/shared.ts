// What the time verbs share: durations read and shown, the issue they act on,
// and how a repository with time tracking turned off is said.
import type { ApiClient } from '../../api/client.js';
import * as repos from '../../api/gitea/repos.js';
import type { Column, Row } from '../../output/printer.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { target } from '../../context/target.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { type Attempt, failure } from '../failure.js';
import { parseNumberArg } from '../input.js';

const UNITS: Record<string, number> = { h: 3600, m: 60, min: 60, s: 1 };

/**
 * A duration as seconds: numbers with h, m (or min) and s, in that order or
 * not, with or without spaces between them (`1h30m`, `45m`, `1h 15m 30s`):
 * the units Gitea's own time parser takes (modules/util/time_str.go
 * TimeEstimateParse). Anything else, or no time at all, is refused.
 */
export function parseDuration(value: string): number {
  const text = value.trim().toLowerCase();
  const refuse = (why: string) => new UsageError(`invalid duration "${value}": ${why}`);
  if (!/^(\d+\s*(h|min|m|s)\s*)+$/.test(text)) throw refuse('expected hours, minutes and seconds such as 1h30m, 45m or 2h');
  let total = 0;
  for (const m of text.matchAll(/(\d+)\s*(h|min|m|s)/g)) total += Number(m[1]) * (UNITS[m[2] as string] as number);
  if (!Number.isSafeInteger(total)) throw refuse('too long');
  if (total === 0) throw refuse('it adds no time');
  return total;
}

/** Seconds as the issue page sums them up: hours and minutes (`1h 30min`), seconds only under a minute. */
export function formatDuration(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(seconds));
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  if (h === 0 && m === 0) return `${sign}${abs % 60}s`;
  return sign + [h > 0 ? `${h}h` : '', m > 0 ? `${m}min` : ''].filter(Boolean).join(' ');
}

const issueOf = (r: Row): Row => (typeof r.issue === 'object' && r.issue !== null ? (r.issue as Row) : {});

export const timeColumns: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'issue', header: 'ISSUE', get: (r) => (issueOf(r).number !== undefined ? `#${String(issueOf(r).number)}` : '') },
  { key: 'user_name', header: 'USER' },
  { key: 'time', header: 'TIME', get: (r) => (typeof r.time === 'number' ? formatDuration(r.time) : '') },
  { key: 'created', header: 'CREATED', kind: 'time', drop: 2 },
  { key: 'title', header: 'TITLE', get: (r) => issueOf(r).title, flex: true, drop: 1 },
];

export interface Place {
  api: ApiClient;
  repo: RepoRef;
  number: number;
  /** `issue #3 in alice/teapot`. */
  what: string;
}

/** The issue a verb acts on, from NUMBER (a web address names its repository) and -R. */
export async function place(ctx: Context, opts: { number: string; repo?: string | undefined }): Promise<Place> {
  const number = parseNumberArg(opts.number, 'issue number');
  const t = await target(ctx, { repo: opts.repo, numbers: opts.number });
  return { api: await t.api(), repo: t.repo, number, what: `issue #${number} in ${fullName(t.repo)}` };
}

/**
 * How a refused time request is worded. A repository with time tracking off
 * answers each endpoint its own way (issue_tracked_time.go: 404 "timetracker
 * is disabled" for an issue's list, 400 "time tracking disabled" for the
 * repository's list, adding and deleting; issue_stopwatch.go: a bare 403 from
 * CanUseTimetracker): on any of those, the repository's settings say whether
 * that is why, in one line.
 */
export function timeFailure(api: ApiClient, repo: RepoRef, attempt: Attempt): (err: unknown) => Promise<never> {
  return async (err: unknown) => {
    if (err instanceof ApiError && (err.status === 400 || err.status === 403 || err.status === 404)) {
      const info = await repos.get(api, repo).catch(() => undefined);
      if (info && (info.has_issues === false || info.internal_tracker?.enable_time_tracker === false)) {
        throw new KettleError(`time tracking is disabled for ${fullName(repo)}${info.has_issues === false ? ' (it has no issues)' : ''}`);
      }
    }
    return failure({ ...attempt, within: { api, repo } })(err);
  };
}
