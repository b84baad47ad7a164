// Every endpoint the in-memory server answers: the core (routes.ts) and the
// features kept in modules of their own (routes-*.ts), each adding its list here.
// The first route that matches answers, so a feature listed before the core
// may replace a core route with a fuller one.
import { withGit } from './git-http.js';
import { ADMIN_ROUTES } from './routes-admin.js';
import { TEAM_ROUTES } from './routes-teams.js';
import { WIKI_ROUTES } from './routes-wiki.js';
import { ACTIONS_SECRETS_ROUTES } from './routes-actions-secrets.js';
import { ACTIONS_ROUTES } from './routes-actions.js';
import { INBOX_ROUTES, notifying, seedInbox } from './routes-inbox.js';
import { CI_ROUTES } from './routes-ci.js';
import { PROTECTION_ROUTES } from './routes-protections.js';
import { PULL_ROUTES, pullsAllowed } from './routes-pulls.js';
import { REVIEW_ROUTES } from './routes-reviews.js';
import { RELEASE_ROUTES, RELEASE_WEB_ROUTES, STREAMED_RELEASE_ROUTES, seedReleases } from './routes-releases.js';
import { REPO_ROUTES, repoData } from './routes-repos.js';
import { SETTINGS_ROUTES } from './routes-settings.js';
import { TRIAGE_ROUTES } from './routes-triage.js';
import { UPDATE_ROUTES } from './routes-updates.js';
import { MOVE_ROUTES } from './routes-moves.js';
import { ISSUE_META_ROUTES } from './routes-issue-meta.js';
import { TEMPLATE_ROUTES } from './routes-templates.js';
import { PACKAGE_ROUTES, PACKAGE_WEB_ROUTES } from './routes-packages.js';
import { RUNNER_ROUTES } from './routes-runners.js';
import { ISSUE_WORK_ROUTES, issueWork } from './routes-issue-work.js';
import { type Handler, ROUTES as CORE } from './routes.js';
import type { State } from './state.js';

// The inbox comes first (its search routes are fuller), then CI's (fuller
// combined statuses); the writes of the others notify (routes-inbox.ts), and
// git follows what the API changes (git-http.ts).
export const ALL_ROUTES: Array<[string, string, Handler]> = [
  ...INBOX_ROUTES,
  ...notifying(
    pullsAllowed(
      withGit([
        ...CI_ROUTES,
        ...PROTECTION_ROUTES,
        ...ISSUE_META_ROUTES,
        ...ISSUE_WORK_ROUTES,
        ...TRIAGE_ROUTES,
        ...REVIEW_ROUTES,
        ...PULL_ROUTES,
        ...UPDATE_ROUTES,
        ...MOVE_ROUTES,
        ...CORE,
        ...REPO_ROUTES,
        ...RELEASE_ROUTES,
        ...SETTINGS_ROUTES,
        ...ACTIONS_SECRETS_ROUTES,
        ...ACTIONS_ROUTES,
        ...ADMIN_ROUTES,
        ...TEAM_ROUTES,
        ...TEMPLATE_ROUTES,
        ...RUNNER_ROUTES,
        ...PACKAGE_ROUTES,
        ...WIKI_ROUTES,
      ]),
    ),
  ),
];

/** API routes whose handler reads the request body itself, as a stream (too large to hold: asset uploads). */
export const STREAMED_ROUTES: Array<[string, string]> = [...STREAMED_RELEASE_ROUTES];

/** Routes outside the API, under the instance root (asset downloads); the user is undefined when anonymous. */
export const WEB_ROUTES = [...RELEASE_WEB_ROUTES, ...PACKAGE_WEB_ROUTES];

/**
 * What a feature shows on every record from the start (its record views), set up with each new state, in
 * this order: the repository's own settings first, so the views of the features after it may add to them.
 */
export const STATE_SETUP: Array<(state: State) => unknown> = [repoData, issueWork];

/** What the features add to the demo data (seed: 'demo'). */
export const DEMO_SEEDS: Array<(state: State) => void | Promise<void>> = [seedReleases, seedInbox];
