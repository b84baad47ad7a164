// What the run verbs share: RUN-IDs, as typed and as the server numbers them.
import * as actions from '../../api/gitea/actions.js';
import { fullName } from '../../context/repo.js';
import { isWebUrl, runOfUrl } from '../../context/locate.js';
import { ApiError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { type Place, type RunRef, runName } from '../runs.js';

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

/** The run a RUN-ID names on this server (actions.findRun); a number no run has is the missing run's one line. */
export async function runRef(at: Place, shown: number): Promise<RunRef> {
  const what = runName(at, shown);
  const failed = failure({ action: `find ${what}`, missing: what, within: { api: at.api, repo: at.repo } });
  const api = await actions.findRun(at.api, at.server, at.repo, shown).catch(failed);
  // No run has that number: the missing run's one line, as a 404 for it gives.
  if (api === undefined) return failed(new ApiError({ message: `no run number ${shown}`, method: 'GET', path: `/repos/${fullName(at.repo)}/actions/runs`, status: 404 }));
  return { shown, api };
}
