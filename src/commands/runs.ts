// A repository's Actions runs, as the run verbs and workflow run read them: the
// repository, the client and what is known of the server; the one line for an
// endpoint this server lacks; reading a run and its jobs.
import type { ApiClient } from '../api/client.js';
import * as actions from '../api/gitea/actions.js';
import * as features from '../api/gitea/actions-features.js';
import { hostOf } from '../api/url.js';
import type { RepoTarget } from '../context/target.js';
import { fullName, type RepoRef } from '../context/repo.js';
import { describeServer, type ServerInfo } from '../context/server.js';
import { failure } from './failure.js';

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

export type RunRef = actions.RunRef;

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
