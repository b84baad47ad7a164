// Actions, what differs by server: which release first has each endpoint
// (test/server/README.md, "Actions"), the one line a server without it gets,
// and the status words, each server's read into kettle's and back.
import { KettleError } from '../../errors.js';

/** What the caller knows of the server: its flavour and its own version numbers. */
export interface ActionsServer {
  flavour: 'gitea' | 'forgejo';
  numbers: readonly number[];
}

/** kettle's status words, the same on every server. */
export const RUN_STATES = ['queued', 'waiting', 'in_progress', 'success', 'failure', 'cancelled', 'skipped'] as const;
export type RunState = (typeof RUN_STATES)[number] | 'unknown';

/** What each feature needs: the first release of each flavour that has its endpoint (none: no release known here). */
const FEATURES = {
  runs: { gitea: '1.25', forgejo: '12' },
  // A run's web page (…/actions/runs/N) shows its id, the id the API takes: models/actions/run.go HTMLURL uses
  // run.ID from Gitea 1.26 (run.Index before, and in every Forgejo release).
  webRunIds: { gitea: '1.26' },
  jobs: { gitea: '1.25' },
  // The log is fetched by job id, which only the job list (1.25) gives.
  logs: { gitea: '1.25' },
  rerun: { gitea: '1.26' },
  delete: { gitea: '1.25' },
  // Artifacts are listed by run id, which only the run list (1.25) gives.
  artifacts: { gitea: '1.25' },
  workflows: { gitea: '1.24' },
  dispatch: { gitea: '1.24', forgejo: '0' },
  runDetails: { gitea: '1.26', forgejo: '0' },
  // The run list reads its ref and workflow filters and orders newest first: Forgejo 12 to 14 query runs with
  // the job options (routers/api/v1/repo/action.go ListActionRuns, FindRunJobOptions), so neither (D29).
  orderedRuns: { gitea: '1.25', forgejo: '15' },
  cancel: {},
  // Not Actions, the same question: routers/api/v1/repo/issue_lock.go LockIssue/UnlockIssue are routed from Gitea
  // 1.24 (routers/api/v1/api.go); no Forgejo release up to 15.0.3 has them.
  issueLock: { gitea: '1.24' },
  // Runners listed, read and deleted through the API: routers/api/v1/api.go routes ListRunners and DeleteRunner
  // from Gitea 1.24 and Forgejo 15 (repository, organization, user and /admin/actions/runners alike).
  runners: { gitea: '1.24', forgejo: '15' },
  // CreateRegistrationToken (POST …/runners/registration-token) from Gitea 1.24; Gitea 1.26 dropped the GET
  // (GetRegistrationToken), which Gitea 1.23 to 1.25 and every Forgejo release answer.
  runnerTokenPost: { gitea: '1.24' },
  // Not Actions, the same question: routers/api/v1/packages/package.go LinkPackage/UnlinkPackage are routed from
  // Gitea 1.24 and in every Forgejo release known here (11 to 15).
  packageLink: { gitea: '1.24', forgejo: '0' },
  // Pull requests' line comments: routers/api/v1/repo/pull_review.go ResolvePullReviewComment and
  // UnresolvePullReviewComment are routed from Gitea 1.26 (routers/api/v1/api.go); no Forgejo release has
  // them (v11.0.1 to v15.0.3, nor the v16 branch).
  commentResolve: { gitea: '1.26' },
  // CreatePullReviewCommentReply from Gitea 1.27; Forgejo (every release) adds a comment to an existing review
  // (CreatePullReviewComment, POST …/reviews/{id}/comments), which is how its web page replies.
  commentReply: { gitea: '1.27', forgejo: '0' },
  // Not Actions either: a fork's update from its parent. Gitea's POST …/merge-upstream is routed from 1.23.1
  // (routers/api/v1/api.go, repo/branch.go MergeUpstream); Forgejo's POST …/sync_fork/{branch} from 12
  // (repo/sync_fork.go SyncForkBranch), not in Forgejo 11.
  forkSync: { gitea: '1.23.1', forgejo: '12' },
  // MergeUpstreamRequest.ff_only is read from Gitea 1.25 (services/repository/merge_upstream.go MergeUpstream).
  forkSyncFastForwardOnly: { gitea: '1.25' },
} as const satisfies Record<string, { gitea?: string; forgejo?: string }>;
export type Feature = keyof typeof FEATURES;

/** The newest releases whose descriptions are known here: a feature none of them has is named after them. */
const NEWEST = { gitea: '1.27.0', forgejo: '15.0.3' };

function atLeast(server: ActionsServer, version: string): boolean {
  const want = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < 3; i++) {
    const d = (server.numbers[i] ?? 0) - (want[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/**
 * A boolean workflow_dispatch input as the server reads it. Forgejo before 14
 * takes the web form's checkbox, so only "on" is true and anything else false
 * (services/actions/workflows.go `strconv.FormatBool(val == "on")`, v11.0.1 to
 * v13); Forgejo 14 and Gitea take "true" and "false".
 */
export function dispatchBoolean(server: ActionsServer, value: boolean): string {
  if (server.flavour === 'forgejo' && !atLeast(server, '14')) return value ? 'on' : 'false';
  return String(value);
}

export function offers(server: ActionsServer, feature: Feature): boolean {
  const since = (FEATURES[feature] as { gitea?: string; forgejo?: string })[server.flavour];
  return since !== undefined && atLeast(server, since);
}

/** "Gitea 1.25 or later (no Forgejo release up to 15.0.3 has it)": the servers that have a feature. */
export function needs(feature: Feature): string {
  const f = FEATURES[feature] as { gitea?: string; forgejo?: string };
  const have: string[] = [];
  const lack: string[] = [];
  for (const flavour of ['gitea', 'forgejo'] as const) {
    const name = flavour === 'gitea' ? 'Gitea' : 'Forgejo';
    const since = f[flavour];
    if (since === undefined) lack.push(`${name} up to ${NEWEST[flavour]}`);
    else have.push(since === '0' ? name : `${name} ${since} or later`);
  }
  if (have.length === 0) return `a server release with that endpoint (none known here has one: ${lack.join(', ')})`;
  return `${have.join(' or ')}${lack.length > 0 ? ` (no release of ${lack.join(' or ')} has it)` : ''}`;
}

/** A feature this server does not have: the caller says so before sending anything. */
export class NotOffered extends KettleError {
  constructor(
    readonly feature: Feature,
    message: string,
  ) {
    super(message);
  }
}

// Status words ---------------------------------------------------------------

/** models/actions/status.go's words (tasks everywhere, Forgejo's runs) in kettle's. */
export const FROM_INTERNAL: Record<string, RunState> = {
  waiting: 'queued',
  blocked: 'waiting',
  running: 'in_progress',
  success: 'success',
  failure: 'failure',
  cancelled: 'cancelled',
  skipped: 'skipped',
};
export const TO_INTERNAL: Record<string, string> = { queued: 'waiting', waiting: 'blocked', in_progress: 'running' };

/** Gitea 1.25+'s GitHub words (convert.ToActionsStatus): a status, and once completed a conclusion. */
export function fromGithub(status: unknown, conclusion: unknown): RunState {
  if (status === 'completed') return (RUN_STATES as readonly string[]).includes(String(conclusion)) ? (conclusion as RunState) : 'unknown';
  if (status === 'queued') return 'queued';
  if (status === 'in_progress') return 'in_progress';
  if (status === 'waiting' || status === 'pending' || status === 'requested') return 'waiting';
  return 'unknown';
}

export function isDone(state: RunState): boolean {
  return state === 'success' || state === 'failure' || state === 'cancelled' || state === 'skipped';
}
