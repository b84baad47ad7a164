// What the run verbs share: the repository, the client and what is known of the
// server; RUN-IDs; the one line for an endpoint this server lacks; reading a run.
import type { ApiClient } from '../../api/client.js';
import * as actions from '../../api/gitea/actions.js';
import * as features from '../../api/gitea/actions-features.js';
import { hostOf } from '../../api/url.js';
import type { RepoTarget } from '../../context/target.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { isWebUrl, runOfUrl } from '../../context/locate.js';
import { describeServer, type ServerInfo } from '../../context/server.js';
import { ApiError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';

export interface Place {
  repo: RepoRef;
  api: ApiClient;
  server: ServerInfo;
}

/** A repository's client and server, asked for at once (target() with -R and a RUN-ID, which as a web address names the repository too). */
export async function connect(t: RepoTarget): Promise<Place> {
  const api = await t.api();
  const server = await t.server();
  return { repo: t.repo, api, server };
}

/** A RUN-ID typed as a number: a whole number of 1 or more. */
function parseId(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) throw new UsageError(`RUN-ID must be a whole number of 1 or more, not "${value}"`);
  return Number(value);
}

/** A RUN-ID as typed: the number the run's web page shows, or that page's address (a job's page too). */
export function parseRunId(value: string): number {
  if (!isWebUrl(value)) return parseId(value);
  const n = runOfUrl(value);
  if (n === undefined) throw new UsageError(`"${value}" is not a run's web address (…/OWNER/NAME/actions/runs/N)`);
  return n;
}

export type RunRef = actions.RunRef;

/** The run a RUN-ID names on this server (actions.findRun); a number no run has is the missing run's one line. */
export async function runRef(at: Place, shown: number): Promise<RunRef> {
  const what = runName(at, shown);
  const failed = failure({ action: `find ${what}`, missing: what, within: { api: at.api, repo: at.repo } });
  const api = await actions.findRun(at.api, at.server, at.repo, shown).catch(failed);
  // No run has that number: the missing run's one line, as a 404 for it gives.
  if (api === undefined) return failed(new ApiError({ message: `no run number ${shown}`, method: 'GET', path: `/repos/${fullName(at.repo)}/actions/runs`, status: 404 }));
  return { shown, api };
}

/** Stop before sending anything when this server lacks the endpoint: which versions have it, and which this one runs. */
export function requireFeature(at: Place, feature: features.Feature, what: string, hint = ''): void {
  if (features.offers(at.server, feature)) return;
  throw new features.NotOffered(feature, `${what} needs ${features.needs(feature)}; ${hostOf(at.api.root)} runs ${describeServer(at.server)}${hint}`);
}

export function runName(at: Place, ref: number | RunRef): string {
  return `run ${typeof ref === 'number' ? ref : ref.shown} of ${fullName(at.repo)}`;
}

export async function readRun(at: Place, ref: RunRef): Promise<{ run: actions.Run; record: object }> {
  const what = runName(at, ref);
  return actions.getRun(at.api, at.server, at.repo, ref.api).catch(failure({ action: `read ${what}`, missing: what, within: { api: at.api, repo: at.repo } }));
}

/** A run's jobs with their steps where the server lists them; undefined where it does not. */
export async function readJobs(at: Place, ref: RunRef): Promise<object[] | undefined> {
  if (!features.offers(at.server, 'jobs')) return undefined;
  const what = runName(at, ref);
  return actions.listJobs(at.api, at.repo, ref.api, { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 }).catch(failure({ action: `read the jobs of ${what}`, missing: what }));
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
