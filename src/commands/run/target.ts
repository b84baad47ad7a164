// What the run verbs share: the repository, the client and what is known of the
// server; RUN-IDs; the one line for an endpoint this server lacks; reading a run.
import type { ApiClient } from '../../api/client.js';
import * as actions from '../../api/gitea/actions.js';
import * as features from '../../api/gitea/actions-features.js';
import { hostOf } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { describeServer, type ServerInfo } from '../../context/server.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';

export interface Place {
  repo: RepoRef;
  api: ApiClient;
  server: ServerInfo;
}

export async function place(ctx: Context, repoFlag: string | undefined): Promise<Place> {
  const repo = await ctx.repo(repoFlag);
  const api = await ctx.api();
  const server = await ctx.server();
  return { repo, api, server };
}

/** A RUN-ID (or a job's ID) as typed: a whole number of 1 or more. */
export function parseId(value: string, what = 'RUN-ID'): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) throw new UsageError(`${what} must be a whole number of 1 or more, not "${value}"`);
  return Number(value);
}

/** Stop before sending anything when this server lacks the endpoint: which versions have it, and which this one runs. */
export function requireFeature(at: Place, feature: features.Feature, what: string, hint = ''): void {
  if (features.offers(at.server, feature)) return;
  throw new features.NotOffered(feature, `${what} needs ${features.needs(feature)}; ${hostOf(at.api.root)} runs ${describeServer(at.server)}${hint}`);
}

export function runName(at: Place, id: number): string {
  return `run ${id} of ${fullName(at.repo)}`;
}

export async function readRun(at: Place, id: number): Promise<{ run: actions.Run; record: object }> {
  const what = runName(at, id);
  return actions.getRun(at.api, at.server, at.repo, id).catch(failure({ action: `read ${what}`, missing: what, within: { api: at.api, repo: at.repo } }));
}

/** A run's jobs with their steps where the server lists them; undefined where it does not. */
export async function readJobs(at: Place, id: number): Promise<object[] | undefined> {
  if (!features.offers(at.server, 'jobs')) return undefined;
  const what = runName(at, id);
  return actions.listJobs(at.api, at.repo, id, { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 }).catch(failure({ action: `read the jobs of ${what}`, missing: what }));
}

/** The mark before a status on a terminal. */
export const MARKS: Record<string, string> = {
  success: '✓',
  failure: 'X',
  cancelled: '⊘',
  skipped: '-',
  in_progress: '*',
  queued: '·',
  waiting: '·',
  unknown: '?',
};
