// An issue's pin, lock and subscriptions, as each release answers them. The
// data lives in State.extension('issueMeta'); an issue's record gains its
// pin_order and is_locked through State.decorators.
import { forbidden, HttpError, notFound } from './http.js';
import { type Call, flavorAtLeast, type Handler, obj, visibleRepo } from './routes.js';
import type { Issue, Repo, State } from './state.js';
import { triage } from './routes-triage.js';

export interface IssueMeta {
  /** Issue id → its pin order (1 is first). */
  pins: Map<number, number>;
  /** Issue id → the lock reason, for locked issues. */
  locks: Map<number, string>;
  /** `${issue id}:${login lower case}` → an explicit subscription (true) or unsubscription (false). */
  watches: Map<string, boolean>;
}

/** setting.Repository.Issue.MaxPinned's default (modules/setting/repository.go). */
export const MAX_PINNED = 3;

export function issueMeta(state: State): IssueMeta {
  return state.extension<IssueMeta>('issueMeta', () => {
    const data: IssueMeta = { pins: new Map(), locks: new Map(), watches: new Map() };
    state.decorators.issue.push((i, json) => {
      json.pin_order = data.pins.get(i.id) ?? 0;
      json.is_locked = data.locks.has(i.id);
    });
    return data;
  });
}

function issueOf(c: Call, repo: Repo): Issue {
  const raw = c.params.index ?? '';
  const issue = /^\d+$/.test(raw) ? c.state.issue(repo, Number(raw)) : undefined;
  if (!issue) throw notFound(c.state.apiRoot);
  return issue;
}

/** routers/api/v1/api.go reqAdmin: a site administrator or the repository's admin. */
function adminRepo(c: Call): Repo {
  const repo = visibleRepo(c);
  if (!c.user.admin && !c.state.canAdmin(c.user.login, repo)) throw forbidden('user should be an owner or a collaborator with admin write of a repository');
  return repo;
}

/** A 500 as a production server writes it to a user who is not a site administrator: no message. */
function internal(c: Call): HttpError {
  return new HttpError(500, { message: c.user.admin ? 'the max number of pinned issues has been readched' : '', url: `${c.state.apiRoot}/swagger` });
}

const pinnedOf = (c: Call, repo: Repo, pull: boolean) => {
  const data = issueMeta(c.state);
  return c.state.issuesOf(repo).filter((i) => data.pins.has(i.id) && Boolean(i.pull) === pull);
};

/**
 * routers/api/v1/repo/issue_pin.go PinIssue. Gitea 1.23.8 and Forgejo 11.0.1
 * (models/issues/issue.go Issue.Pin): a pinned issue is left as it is (204);
 * past setting.Repository.Issue.MaxPinned (3) pins of issues, or of pull
 * requests, ErrIssueMaxPinReached. Gitea 1.24 and later keep pins in their own
 * table (models/issues/issue_pin.go PinIssue): the limit the same, and pinning
 * a pinned issue breaks its UNIQUE(repo_id, issue_id). Every release answers
 * both as an internal error (the handler checks for the limit only on the
 * issue's lookup), a 500 whose message a production server hides from users.
 */
const pinIssue: Handler = (c) => {
  const repo = adminRepo(c);
  const issue = issueOf(c, repo);
  const data = issueMeta(c.state);
  const modern = !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.24');
  if (data.pins.has(issue.id)) {
    if (modern) throw internal(c);
    return { status: 204 };
  }
  const held = pinnedOf(c, repo, Boolean(issue.pull));
  if (held.length >= MAX_PINNED) throw internal(c);
  data.pins.set(issue.id, Math.max(0, ...held.map((i) => data.pins.get(i.id) ?? 0)) + 1);
  return { status: 204 };
};

/** UnpinIssue: an issue not pinned is left as it is (204); the pins after it move up. */
const unpinIssue: Handler = (c) => {
  const repo = adminRepo(c);
  const issue = issueOf(c, repo);
  const data = issueMeta(c.state);
  const order = data.pins.get(issue.id);
  if (order === undefined) return { status: 204 };
  data.pins.delete(issue.id);
  for (const other of pinnedOf(c, repo, Boolean(issue.pull))) {
    const o = data.pins.get(other.id) ?? 0;
    if (o > order) data.pins.set(other.id, o - 1);
  }
  return { status: 204 };
};

/** ListPinnedIssues: the repository's pinned issues (not pull requests), in pin order. */
const listPinned: Handler = (c) => {
  const repo = visibleRepo(c);
  const data = issueMeta(c.state);
  const held = pinnedOf(c, repo, false).sort((a, b) => (data.pins.get(a.id) ?? 0) - (data.pins.get(b.id) ?? 0));
  return { status: 200, body: held.map((i) => c.state.issueJson(i)) };
};

/**
 * routers/api/v1/repo/issue_lock.go LockIssue / UnlockIssue: routed from Gitea
 * 1.24 (routers/api/v1/api.go), in no Forgejo release up to 15.0.3; reqAdmin,
 * then CanWriteIssuesOrPulls; the state already so is left as it is (204). The
 * reason is not checked (the web form's IsValidReason is not called).
 */
function lockRoute(c: Call): Repo {
  if (c.flavor.forgejo || !flavorAtLeast(c.flavor, '1.24')) throw notFound(c.state.apiRoot);
  return adminRepo(c);
}

const lockIssue: Handler = (c) => {
  const issue = issueOf(c, lockRoute(c));
  const data = issueMeta(c.state);
  const reason = obj(c.body).lock_reason;
  if (!data.locks.has(issue.id)) data.locks.set(issue.id, typeof reason === 'string' ? reason : '');
  return { status: 204 };
};

const unlockIssue: Handler = (c) => {
  const issue = issueOf(c, lockRoute(c));
  issueMeta(c.state).locks.delete(issue.id);
  return { status: 204 };
};

/**
 * models/issues/issue_watch.go CheckIssueWatch: an explicit choice, else
 * taking part (IsUserParticipantsOfIssue: the poster or a commenter). Watching
 * the repository counts too; this server has no repository watches.
 */
function watching(c: Call, issue: Issue, login: string): boolean {
  const explicit = issueMeta(c.state).watches.get(`${issue.id}:${login.toLowerCase()}`);
  if (explicit !== undefined) return explicit;
  const l = login.toLowerCase();
  return issue.author.toLowerCase() === l || triage(c.state).comments.some((m) => m.issueId === issue.id && m.author.toLowerCase() === l);
}

/** issue_subscription.go CheckIssueSubscription: the caller's WatchInfo. */
const checkSubscription: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = issueOf(c, repo);
  const full = `${repo.owner}/${repo.name}`;
  const subscribed = watching(c, issue, c.user.login);
  return {
    status: 200,
    body: {
      subscribed,
      ignored: !subscribed,
      reason: null,
      created_at: issue.created_at,
      url: `${c.state.apiRoot}/repos/${full}/issues/${issue.number}/subscriptions`,
      repository_url: `${c.state.apiRoot}/repos/${full}`,
    },
  };
};

/**
 * issue_subscription.go setIssueSubscription: the issue, then the user (404
 * for either); only the user or a site administrator may change it (403 "X is
 * not permitted to change subscriptions for Y"); 200 when already so, else 201.
 */
function setSubscription(watch: boolean): Handler {
  return (c) => {
    const repo = visibleRepo(c);
    const issue = issueOf(c, repo);
    const user = c.state.user(c.params.user ?? '');
    if (!user) throw notFound(c.state.apiRoot);
    if (user.login.toLowerCase() !== c.user.login.toLowerCase() && !c.user.admin) {
      throw forbidden(`${c.user.login} is not permitted to change subscriptions for ${user.login}`);
    }
    if (watching(c, issue, user.login) === watch) return { status: 200 };
    issueMeta(c.state).watches.set(`${issue.id}:${user.login.toLowerCase()}`, watch);
    return { status: 201 };
  };
}

export const ISSUE_META_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/issues/pinned', listPinned],
  ['POST', '/repos/:owner/:repo/issues/:index/pin', pinIssue],
  ['DELETE', '/repos/:owner/:repo/issues/:index/pin', unpinIssue],
  ['PUT', '/repos/:owner/:repo/issues/:index/lock', lockIssue],
  ['DELETE', '/repos/:owner/:repo/issues/:index/lock', unlockIssue],
  ['GET', '/repos/:owner/:repo/issues/:index/subscriptions/check', checkSubscription],
  ['PUT', '/repos/:owner/:repo/issues/:index/subscriptions/:user', setSubscription(true)],
  ['DELETE', '/repos/:owner/:repo/issues/:index/subscriptions/:user', setSubscription(false)],
];
