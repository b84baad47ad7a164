// The pull-request workflow, as Gitea 1.23 answers it: a pull request's full
// record (mergeable, draft by WIP: title, requested reviewers, milestone, head
// and base with their repositories), PATCH, .diff/.patch, reviews, requested
// reviewers, combined commit statuses, branches, and merges with
// delete_branch_after_merge and merge_when_checks_succeed.
// These routes come before the core ones (all-routes.ts), so the pull request
// routes here answer with the fuller record.
// A pull request is an issue: its comments and milestone live in the triage
// store (routes-triage.ts), whose routes answer for pull-request numbers too.
import { createHash } from 'node:crypto';
import { forbidden, HttpError, notFound, type FieldProblem, invalid, paginate } from './http.js';
import { type Call, type Handler, type Reply, ROUTES as CORE, flavorAtLeast, searchIssuesWith, obj, visibleRepo } from './routes.js';
import { extraOf as repoExtraOf } from './routes-repos.js';
import { settingsData } from './routes-settings.js';
import { type Comment, type Milestone, addComment as addTriageComment, addMilestone as addTriageMilestone, setMilestone, triage } from './routes-triage.js';
import type { Issue, Json, Repo, State } from './state.js';
import { tick } from './state.js';

export interface Review {
  id: number;
  pullId: number;
  user: string;
  state: 'APPROVED' | 'REQUEST_CHANGES' | 'COMMENT' | 'REQUEST_REVIEW' | 'PENDING';
  body: string;
  submitted_at: string;
}

/** A line comment (routes-reviews.ts): in a review, on a line of one side of a file. */
export interface LineComment {
  id: number;
  reviewId: number;
  pullId: number;
  user: string;
  path: string;
  /** The server's signed line: positive on the new side, negative on the old (models/issues Comment.Line). */
  line: number;
  body: string;
  diffHunk: string;
  commitId: string;
  resolver?: string;
  created_at: string;
}

export interface StatusRecord {
  id: number;
  sha: string;
  context: string;
  state: 'pending' | 'success' | 'error' | 'failure' | 'warning' | 'skipped';
  description: string;
  created_at: string;
  target_url?: string;
  /** Who reported it (routes-ci.ts). */
  creator?: string;
}

/** What a pull request has beyond the core's record. */
export interface PullExtra {
  requested: string[];
  /** false: it conflicts with its base. */
  mergeable: boolean;
  /** The head commit (a real one when the test made a git repository). */
  headSha?: string;
  /** The base branch's commit, when the test made a git repository. */
  baseSha?: string;
  /** The merge commit git made (git-http.ts), when the test made a git repository. */
  mergeSha?: string;
  /** The repository the head lives in, when it is a fork. */
  headRepoId?: number;
  diff?: string;
  /** Opened by an AGit push (routes-ci.ts): the head is refs/pull/N/head, with no branch. */
  agit?: boolean;
  /** Scheduled by merge_when_checks_succeed. */
  autoMerge?: { style: string; deleteBranch: boolean };
  /**
   * Requests (reads of it, merges) still to come before the server's
   * background check of a new pull request has finished
   * (services/pull/check.go; a real Gitea 1.23.8 took about 1.5 s): until
   * then `mergeable` reads false and a merge is refused with 405 "Please try
   * again later".
   */
  checking?: number;
}

/** Branches protected by a rule (a test sets them): repository id → branch names. */
export function protectedBranches(state: State, repo: Repo): Set<string> {
  const data = pullsData(state);
  let set = data.protectedBranches.get(repo.id);
  if (!set) {
    set = new Set();
    data.protectedBranches.set(repo.id, set);
  }
  return set;
}

export interface PullsData {
  extra: Map<number, PullExtra>;
  reviews: Review[];
  lineComments: LineComment[];
  statuses: StatusRecord[];
  /** Repository id → clone URL (a file:// bare repository a test made). */
  cloneUrls: Map<number, string>;
  /** Fork repository id → parent repository id. */
  forks: Map<number, number>;
  protectedBranches: Map<number, Set<string>>;
  /** Repositories whose pull-request settings delete the head branch after a merge by default. */
  deleteByDefault: Set<number>;
}

export function pullsData(state: State): PullsData {
  return state.extension<PullsData>('pulls', () => ({
    extra: new Map(),
    reviews: [],
    lineComments: [],
    statuses: [],
    cloneUrls: new Map(),
    forks: new Map(),
    protectedBranches: new Map(),
    deleteByDefault: new Set(),
  }));
}

export function extraOf(state: State, pr: Issue): PullExtra {
  const data = pullsData(state);
  let extra = data.extra.get(pr.id);
  if (!extra) {
    extra = { requested: [], mergeable: true };
    data.extra.set(pr.id, extra);
  }
  return extra;
}

// Seeding helpers for tests and the demo ---------------------------------

/** A review as the API's CreatePullReview leaves it: with its review comment (leaveReviewComment), but for a request. */
export function addReview(state: State, pr: Issue, user: string, reviewState: Review['state'], body = ''): Review {
  const review: Review = { id: state.id(), pullId: pr.id, user, state: reviewState, body, submitted_at: tick() };
  pullsData(state).reviews.push(review);
  if (reviewState !== 'REQUEST_REVIEW') leaveReviewComment(state, review);
  return review;
}

/**
 * models/issues/review.go SubmitReview: every submission of a review, a
 * pending one included, makes a comment of type Review; the review's address
 * anchors the first of them (Review.HTMLURL: "" when there is none, as for a
 * review request). It counts among the pull request's comments, but only from
 * the next recount (routes-triage.ts recountComments).
 */
export function leaveReviewComment(state: State, review: Review): void {
  triage(state).reviewComments.push({ id: state.id(), issueId: review.pullId, reviewId: review.id });
}

/** A comment on a pull request (or any issue), kept in the triage store: its author is the commenting user. */
export function addComment(state: State, issue: Issue, user: string, body: string): Comment {
  return addTriageComment(state, issue, user, body);
}

export function addStatus(state: State, sha: string, context: string, status: StatusRecord['state'], description = ''): StatusRecord {
  const record: StatusRecord = { id: state.id(), sha, context, state: status, description, created_at: tick() };
  pullsData(state).statuses.push(record);
  return record;
}

/** An open milestone of the repository, kept in the triage store. */
export function addMilestone(state: State, repo: Repo, title: string): Milestone {
  return addTriageMilestone(state, repo, title);
}

/** The head commit the server reports for a pull request. */
export function headSha(state: State, pr: Issue): string {
  const repo = state.repoById(pr.repoId) as Repo;
  return extraOf(state, pr).headSha ?? createHash('sha1').update(`${repo.id}:${pr.pull?.head}`).digest('hex');
}

/** A diff of one file, made up from the pull request's title, as Gitea's .diff shows one. */
export function defaultDiff(pr: Issue): string {
  const file = `${(pr.pull?.head ?? 'change').replace(/[^A-Za-z0-9]+/g, '-')}.txt`;
  return [
    `diff --git a/${file} b/${file}`,
    'new file mode 100644',
    'index 0000000..3b18e51',
    '--- /dev/null',
    `+++ b/${file}`,
    '@@ -0,0 +1,2 @@',
    `+${pr.title}`,
    `+${pr.body.split('\n')[0] ?? ''}`,
    'diff --git a/README.md b/README.md',
    'index 5716ca5..8f94139 100644',
    '--- a/README.md',
    '+++ b/README.md',
    '@@ -1,2 +1,2 @@',
    ' # teapot',
    '-It whistles.',
    '+It whistles, quietly.',
    '',
  ].join('\n');
}

// Records ---------------------------------------------------------------

function repoRecord(c: Call, repo: Repo): Json {
  const data = pullsData(c.state);
  const json = c.state.repoJson(repo, c.user.login);
  const parentId = data.forks.get(repo.id);
  const parent = parentId !== undefined ? c.state.repoById(parentId) : undefined;
  return {
    ...json,
    ...(data.cloneUrls.has(repo.id) ? { clone_url: data.cloneUrls.get(repo.id) } : {}),
    ...(parent ? { fork: true, parent: c.state.repoJson(parent, c.user.login) } : {}),
  };
}

// models/issues/pull.go HasWorkInProgressPrefix: the title starts with one of
// setting.Repository.PullRequest.WorkInProgressPrefixes ("WIP:", "[WIP]" by
// default), compared case-insensitively; nothing may come before it.
const WIP = /^(WIP:|\[WIP\])/i;

/**
 * The users a pull request's record names as requested reviewers: each
 * reviewer whose latest counted review is an approval, a request for changes
 * or a review request (so an approver stays listed), ordered by that review's
 * time. One record (models/issues/pull.go LoadRequestedReviewers →
 * review_list.go GetReviewsByIssueID): the latest by update time, a comment
 * review counted too from Gitea 1.25 (recorded from Gitea 1.27.0: the author's
 * own comment review lists them), the highest id on Forgejo 11. A list
 * (services/convert/pull.go ToAPIPullRequests → pull_list.go LoadReviews): the
 * highest id, comment reviews never counted (recorded from Gitea 1.27.0). A
 * request a test put in PullExtra.requested alone comes first.
 */
export function requestedReviewers(c: Call, pr: Issue, listing: boolean): string[] {
  const counted = new Set<Review['state']>(['APPROVED', 'REQUEST_CHANGES', 'REQUEST_REVIEW']);
  if (!listing && !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.25')) counted.add('COMMENT');
  const reviews = pullsData(c.state).reviews.filter((r) => r.pullId === pr.id && counted.has(r.state));
  const byTime = (a: Review, b: Review) => a.submitted_at.localeCompare(b.submitted_at);
  const latest = new Map<string, Review>();
  for (const r of listing || c.flavor.forgejo ? [...reviews].sort((a, b) => a.id - b.id) : [...reviews].sort(byTime)) latest.set(r.user, r);
  const seeded = extraOf(c.state, pr).requested.filter((u) => !latest.has(u));
  return [...seeded, ...[...latest.values()].sort(byTime).map((r) => r.user)];
}

export function pullRecord(c: Call, pr: Issue): Json {
  const { state } = c;
  const repo = state.repoById(pr.repoId) as Repo;
  const extra = extraOf(state, pr);
  // The triage store's decorations give the record its milestone, due date and comment count.
  triage(state);
  const core = state.pullJson(pr, c.user.login);
  const headRepo = (extra.headRepoId !== undefined ? state.repoById(extra.headRepoId) : undefined) ?? repo;
  const branch = (ref: string, r: Repo, sha: string) => ({
    label: r.id === repo.id ? ref : `${r.owner}:${ref}`,
    ref,
    sha,
    repo_id: r.id,
    repo: repoRecord(c, r),
  });
  const open = pr.state === 'open' && !pr.pull?.merged;
  return {
    ...core,
    requested_reviewers: requestedReviewers(c, pr, false).map((u) => state.userJson(state.user(u) as never)),
    ...(extra.mergeSha ? { merge_commit_sha: extra.mergeSha } : {}),
    // Forgejo sends no assignees as null, in a single record too (recorded from a real 11.0.1).
    ...(c.flavor.forgejo && pr.assignees.length === 0 ? { assignees: null } : {}),
    draft: WIP.test(pr.title),
    mergeable: open ? extra.mergeable && !(extra.checking !== undefined && extra.checking > 0) : false,
    // services/convert/pull.go: an AGit pull request's head is its refs/pull/N/head, with no label.
    // services/convert/pull.go ToAPIPullRequest: a head branch that is gone (deleted after the merge) is named by refs/pull/N/head, its label kept.
    head: extra.agit
      ? { ...branch(`refs/pull/${pr.number}/head`, repo, headSha(state, pr)), label: '' }
      : !pr.pull?.merged || headRepo.branches.includes(pr.pull?.head ?? '')
        ? branch(pr.pull?.head ?? '', headRepo, headSha(state, pr))
        : { ...branch(`refs/pull/${pr.number}/head`, headRepo, headSha(state, pr)), label: branch(pr.pull?.head ?? '', headRepo, '').label },
    base: { ...branch(pr.pull?.base ?? '', repo, extra.baseSha ?? createHash('sha1').update(`${repo.id}:${pr.pull?.base}`).digest('hex')) },
  };
}

export function reviewRecord(c: Call, r: Review, pr: Issue): Json {
  const repo = c.state.repoById(pr.repoId) as Repo;
  const full = `${repo.owner}/${repo.name}`;
  const reviewAnchor = triage(c.state).reviewComments.find((x) => x.reviewId === r.id);
  return {
    id: r.id,
    user: c.state.userJson(c.state.user(r.user) as never),
    team: null,
    state: r.state,
    body: r.body,
    commit_id: headSha(c.state, pr),
    stale: false,
    official: r.state === 'APPROVED',
    dismissed: false,
    comments_count: pullsData(c.state).lineComments.filter((l) => l.reviewId === r.id).length,
    submitted_at: r.submitted_at,
    updated_at: r.submitted_at,
    html_url: reviewAnchor === undefined ? '' : `${c.state.webRoot}/${full}/pulls/${pr.number}#issuecomment-${reviewAnchor.id}`,
    pull_request_url: `${c.state.webRoot}/${full}/pulls/${pr.number}`,
  };
}

// Handlers --------------------------------------------------------------

function issueOf(c: Call, index = c.params.index ?? ''): Issue {
  const repo = visibleRepo(c);
  if (!/^\d+$/.test(index)) throw notFound(c.state.apiRoot);
  const issue = c.state.issue(repo, Number(index));
  if (!issue) throw notFound(c.state.apiRoot);
  return issue;
}

export function pullOf(c: Call, index = c.params.index ?? ''): Issue {
  const pr = issueOf(c, index);
  if (!pr.pull) throw notFound(c.state.apiRoot);
  return pr;
}

/** A core route's handler; the ones built on here answer at once (no streamed body). */
const core =
  (method: string, path: string) =>
  (c: Call): Reply => {
    const reply = (CORE.find(([m, p]) => m === method && p === path) as [string, string, Handler])[2](c);
    if (reply instanceof Promise) throw new Error(`core route ${method} ${path} answers later`);
    return reply;
  };

const getRepo: Handler = (c) => ({ status: 200, body: repoRecord(c, visibleRepo(c)) });

const SORTS = ['oldest', 'recentupdate', 'leastupdate', 'mostcomment', 'leastcomment', 'priority'];

const listPulls: Handler = (c) => {
  const repo = visibleRepo(c);
  const state = c.query.get('state') ?? 'open';
  const labels = c.query.getAll('labels').map(Number);
  const milestone = c.query.get('milestone');
  const { milestoneOf } = triage(c.state);
  const poster = c.query.get('poster');
  const sort = c.query.get('sort');
  if (sort !== null && !SORTS.includes(sort)) throw new HttpError(422, { message: `invalid sort "${sort}"`, url: '' });
  let items = c.state
    .issuesOf(repo)
    .filter((i) => i.pull && (state === 'all' || i.state === state))
    .filter((i) => labels.every((l) => i.labels.includes(l)))
    .filter((i) => milestone === null || Number(milestone) === 0 || milestoneOf.get(i.id) === Number(milestone))
    .filter((i) => poster === null || i.author.toLowerCase() === poster.toLowerCase())
    .reverse();
  if (sort === 'oldest') items = items.reverse();
  const page = paginate(items, c.query, c.url, c.paging);
  // routers/api/v1/repo/pull.go ListPullRequests converts without loading assignees or review requests: empty ones
  // are null in a list, [] in a single record (recorded from real Gitea 1.23.8 and 1.27.0).
  // Forgejo keeps [] for no review requests there (recorded from a real 11.0.1).
  const listed = (i: Issue): Json => {
    const r = pullRecord(c, i);
    const reviewers = requestedReviewers(c, i, true).map((u) => c.state.userJson(c.state.user(u) as never));
    return {
      ...r,
      assignees: Array.isArray(r.assignees) && r.assignees.length > 0 ? r.assignees : null,
      requested_reviewers: c.flavor.forgejo || reviewers.length > 0 ? reviewers : null,
    };
  };
  return { status: 200, body: page.items.map(listed), headers: page.headers };
};

/** The repository's milestone a pull request body names by id, else 404 as Gitea answers; null for 0 (none). */
function milestoneFor(c: Call, repo: Repo, id: number): Milestone | null {
  if (id === 0) return null;
  const m = triage(c.state).milestones.find((x) => x.id === id && x.repoId === repo.id);
  if (!m) throw notFound(c.state.apiRoot, `milestone does not exist [id: ${id}, repo_id: ${repo.id}, name: ]`);
  return m;
}

const createPull: Handler = (c) => {
  const body = obj(c.body);
  const repo = visibleRepo(c);
  if (body.milestone !== undefined && !Number.isInteger(body.milestone)) throw invalid('CreatePullRequestOption', [{ field: 'milestone' }]);
  const milestone = typeof body.milestone === 'number' && body.milestone > 0 ? milestoneFor(c, repo, body.milestone) : null;
  const reply = core('POST', '/repos/:owner/:repo/pulls')(c);
  const pr = c.state.issue(repo, (reply.body as Json).number as number) as Issue;
  if (Array.isArray(body.labels)) pr.labels = body.labels as number[];
  if (Array.isArray(body.assignees)) pr.assignees = body.assignees as string[];
  if (milestone) setMilestone(c.state, pr, milestone);
  // The answer shows the record before the background check begins (mergeable, as recorded from real Gitea 1.23.8 and 1.27.0).
  const record = pullRecord(c, pr);
  extraOf(c.state, pr).checking = 2;
  return { status: 201, body: record };
};

/** One request of the pull request's check passes (PullExtra.checking). */
function checkingGoesOn(c: Call, pr: Issue): boolean {
  const extra = extraOf(c.state, pr);
  if (extra.checking === undefined || extra.checking <= 0) return false;
  extra.checking--;
  return true;
}

function diffOf(c: Call, pr: Issue, kind: string): Reply {
  const diff = extraOf(c.state, pr).diff ?? defaultDiff(pr);
  const text =
    kind === 'patch' ? `From ${headSha(c.state, pr)} Mon Sep 17 00:00:00 2001\nFrom: ${pr.author} <${pr.author}@example.com>\nSubject: [PATCH] ${pr.title}\n\n---\n${diff}--\n2.47.0\n` : diff;
  return { status: 200, raw: text, headers: { 'content-type': 'text/plain;charset=utf-8' } };
}

const getPull: Handler = (c) => {
  const m = /^(\d+)\.(diff|patch)$/.exec(c.params.index ?? '');
  if (m) return diffOf(c, pullOf(c, m[1]), m[2] as string);
  const pr = pullOf(c);
  const body = pullRecord(c, pr);
  checkingGoesOn(c, pr);
  return { status: 200, body };
};

// routers/api/v1/repo/pull.go EditPullRequest (the same at Gitea 1.23.8 and
// 1.26.4, Forgejo 11.0.1 and 15.0.3): the poster or a writer may edit; an empty
// title is ignored (len > 0); labels, assignees and the milestone are applied
// only for a writer and silently skipped for anyone else (still 201); the
// milestone is a plain int64, so 0 is ignored rather than taken as "none";
// a state change of a merged pull request is 412.
const editPull: Handler = (c) => {
  const repo = visibleRepo(c);
  const pr = pullOf(c);
  const writer = c.state.canWrite(c.user.login, repo);
  if (pr.author !== c.user.login && !writer) throw new HttpError(403, undefined);
  const body = obj(c.body);
  const problems: FieldProblem[] = [];
  if (body.title !== undefined && typeof body.title !== 'string') problems.push({ field: 'title' });
  if (body.milestone !== undefined && !Number.isInteger(body.milestone)) problems.push({ field: 'milestone' });
  if (problems.length) throw invalid('EditPullRequestOption', problems);
  if (body.state !== undefined && body.state !== 'open' && body.state !== 'closed') throw new HttpError(412, { message: `unknown state: ${String(body.state)}`, url: '' });
  const milestone = writer && typeof body.milestone === 'number' && body.milestone !== 0 ? milestoneFor(c, repo, body.milestone) : undefined;
  if (typeof body.title === 'string' && body.title.length > 0) pr.title = body.title;
  if (typeof body.body === 'string') pr.body = body.body;
  if (writer && Array.isArray(body.assignees)) {
    for (const a of body.assignees) if (typeof a !== 'string' || !c.state.user(a)) throw new HttpError(422, { message: `Assignee does not exist: [name: ${String(a)}]`, url: '' });
    pr.assignees = body.assignees as string[];
  }
  if (milestone) setMilestone(c.state, pr, milestone);
  // GetLabelsInRepoByIDs: ids of no label of the repository are dropped.
  if (writer && Array.isArray(body.labels)) pr.labels = (body.labels as unknown[]).filter((id): id is number => typeof id === 'number' && c.state.labels.some((l) => l.id === id));
  if (body.state === 'open' || body.state === 'closed') {
    if (pr.pull?.merged) throw new HttpError(412, { message: 'cannot change state of this pull request, it was already merged', url: '' });
    if (body.state !== pr.state) {
      pr.state = body.state;
      pr.closed_at = body.state === 'closed' ? tick() : null;
    }
  }
  if (typeof body.base === 'string' && body.base.length > 0 && !pr.pull?.merged && body.base !== pr.pull?.base) {
    if (!repo.branches.includes(body.base)) throw notFound(c.state.apiRoot, `new base '${body.base}' not exist`);
    (pr.pull as NonNullable<Issue['pull']>).base = body.base;
  }
  pr.updated_at = tick();
  return { status: 201, body: pullRecord(c, pr) };
};

function combined(c: Call, sha: string): { state: string; statuses: StatusRecord[] } {
  // The newest status of each context counts.
  const latest = new Map<string, StatusRecord>();
  for (const s of pullsData(c.state).statuses.filter((x) => x.sha === sha)) latest.set(s.context, s);
  const statuses = [...latest.values()];
  const rank = ['error', 'failure', 'warning', 'pending', 'success'];
  const worst = statuses.map((s) => s.state).sort((a, b) => rank.indexOf(a) - rank.indexOf(b))[0];
  return { state: worst ?? '', statuses };
}

const requestReviewers: Handler = (c) => {
  const pr = pullOf(c);
  const body = obj(c.body);
  const wanted = Array.isArray(body.reviewers) ? body.reviewers : [];
  const extra = extraOf(c.state, pr);
  const made: Review[] = [];
  for (const name of wanted) {
    const user = typeof name === 'string' ? c.state.user(name) : undefined;
    if (!user) throw new HttpError(422, { message: `user does not exist [uid: 0, name: ${String(name)}]`, url: '' });
    if (user.login === pr.author) throw new HttpError(422, { message: 'poster can not be reviewer', url: '' });
    if (!extra.requested.includes(user.login)) extra.requested.push(user.login);
    made.push(addReview(c.state, pr, user.login, 'REQUEST_REVIEW'));
  }
  // A review request has no commit and no page of its own yet (recorded from real Gitea 1.23.8 and 1.27.0, Forgejo 11.0.1).
  return { status: 201, body: made.map((r) => ({ ...reviewRecord(c, r, pr), commit_id: '', html_url: '' })) };
};

const getBranch: Handler = (c) => {
  const repo = visibleRepo(c);
  const name = c.params.branch ?? '';
  if (!repo.branches.includes(name)) throw notFound(c.state.apiRoot, `branch does not exist [repo_id: ${repo.id} name: ${name}]`);
  const sha = createHash('sha1').update(`${repo.id}:${name}`).digest('hex');
  return {
    status: 200,
    body: {
      name,
      commit: { id: sha, message: '' },
      protected: protectedBranches(c.state, repo).has(name),
      user_can_push: c.state.canWrite(c.user.login, repo),
      user_can_merge: c.state.canWrite(c.user.login, repo),
    },
  };
};

const deleteBranch: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!c.state.canWrite(c.user.login, repo)) throw forbidden('user should have a permission to write to a repo');
  const name = c.params.branch ?? '';
  // services/repository/branch.go DeleteBranch: ErrBranchIsDefault is 403, before the branch is looked up.
  if (name === repoExtraOf(c.state, repo).default_branch) throw forbidden('can not delete default branch');
  // routers/api/v1/repo/branch.go DeleteBranch: ErrBranchIsProtected is 403.
  if (protectedBranches(c.state, repo).has(name)) throw forbidden('branch protected');
  if (!repo.branches.includes(name)) throw notFound(c.state.apiRoot, "Branch doesn't exist.");
  repo.branches = repo.branches.filter((b) => b !== name);
  // The deletion is a push: services/repository/push.go closes the open pull
  // requests whose head it was (pull_service.CloseBranchPulls).
  const now = tick();
  for (const i of c.state.issuesOf(repo)) {
    if (i.pull && !i.pull.merged && i.state === 'open' && i.pull.head === name && extraOf(c.state, i).headRepoId === undefined) {
      i.state = 'closed';
      i.closed_at = now;
      i.updated_at = now;
    }
  }
  return { status: 204 };
};

/**
 * A merge body's field under either spelling. services/forms/repo_form.go
 * MergePullRequestForm: Gitea 1.26 reads `do`, `merge_title_field`… and falls
 * back on `Do`, `MergeTitleField`… (its UnmarshalJSON); older Gitea and
 * Forgejo have untagged fields, which Go's JSON decoding matches by name
 * without regard to case (`Do`, `do`, `mergetitlefield`), never snake_case.
 */
function mergeField(c: Call, body: Json, camel: string, snake: string): unknown {
  const lower = camel.toLowerCase();
  const caseless = Object.keys(body).filter((k) => k.toLowerCase() === lower);
  const older = caseless.length > 0 ? body[caseless[caseless.length - 1] as string] : undefined;
  if (!c.flavor.forgejo && giteaAtLeast(c, '1.26')) return body[snake] || body[camel];
  return older;
}

/** Whether the server is Gitea at this version or later. */
function giteaAtLeast(c: Call, version: string): boolean {
  return !c.flavor.forgejo && flavorAtLeast(c.flavor, version);
}

/** routers/api/v1/repo/pull.go MergePullRequest (Gitea 1.23.8…1.26.4, Forgejo 11.0.1, 15.0.3). */
const mergePull: Handler = (c) => {
  const repo = visibleRepo(c);
  const pr = pullOf(c);
  const body = obj(c.body);
  const extra = extraOf(c.state, pr);
  const style = String(mergeField(c, body, 'Do', 'do') ?? '');
  if (!c.state.canWrite(c.user.login, repo)) throw new HttpError(405, { message: 'User not allowed to merge PR', url: '' });
  if (pr.pull?.merged) throw new HttpError(405, { message: 'The PR is already merged', url: '' });
  if (pr.state === 'closed') throw notFound(c.state.apiRoot);
  if (WIP.test(pr.title)) throw new HttpError(405, { message: 'Work in progress PRs cannot be merged', url: '' });
  if (checkingGoesOn(c, pr) || !extra.mergeable) throw new HttpError(405, { message: 'Please try again later', url: '' });
  // The commit message: MergeTitleField (trimmed) or the server's default
  // title (GetDefaultMergeMessage), then a blank line and MergeMessageField
  // (trimmed) when there is one. Styles that make no merge commit use neither.
  const title = String(mergeField(c, body, 'MergeTitleField', 'merge_title_field') ?? '').trim();
  const text = String(mergeField(c, body, 'MergeMessageField', 'merge_message_field') ?? '').trim();
  const subject = title || `Merge pull request '${pr.title}' (#${pr.number}) from ${pr.pull?.head} into ${pr.pull?.base}`;
  const message = style === 'rebase' || style === 'fast-forward-only' ? null : text ? `${subject}\n\n${text}` : subject;
  // delete_branch_after_merge: a plain bool before Gitea 1.25; from 1.25 a
  // pointer whose absence means the repository's default
  // (ShouldDeleteBranchAfterMerge, PullRequestsConfig.DefaultDeleteBranchAfterMerge).
  const asked = body.delete_branch_after_merge;
  const deleteBranch = asked === true || (asked === undefined && giteaAtLeast(c, '1.25') && pullsData(c.state).deleteByDefault.has(repo.id));
  if (body.merge_when_checks_succeed === true && combined(c, headSha(c.state, pr)).state === 'pending') {
    // services/automerge ScheduleAutoMerge takes the delete-branch choice on
    // Forgejo and on Gitea 1.24 and later; Gitea 1.23 has no such parameter.
    extra.autoMerge = { style, deleteBranch: deleteBranch && (c.flavor.forgejo || giteaAtLeast(c, '1.24')) };
    // Gitea answers a scheduled merge with 201 and no body.
    return { status: 201 };
  }
  const reply = core('POST', '/repos/:owner/:repo/pulls/:index/merge')({ ...c, body: { ...body, Do: style } });
  if (pr.pull) pr.pull.merge_message = message;
  if (deleteBranch && pr.pull && extra.headRepoId === undefined) {
    const refused = deleteAfterMerge(c, repo, pr);
    // Forgejo answers the refusal with 403 after merging; Gitea skips it in
    // silence (1.23: CanDeleteBranch; 1.26: DeleteBranchAfterMerge, logged).
    if (refused && c.flavor.forgejo) throw forbidden(refused);
  }
  return reply;
};

/**
 * Delete a merged pull request's head branch as the merge handler does; the
 * reason it is kept, if it is. The branch stays when another open pull request
 * uses it as head (HasUnmergedPullRequestsByHeadInfo, no error anywhere); the
 * default branch, a protected branch, and a user without write access are
 * refused (Forgejo's wording: services/repository/branch.go DeleteBranchAfterMerge).
 */
function deleteAfterMerge(c: Call, repo: Repo, pr: Issue): string | undefined {
  const head = pr.pull?.head ?? '';
  const sharing = c.state.issuesOf(repo).some((i) => i !== pr && i.pull && !i.pull.merged && i.state === 'open' && i.pull.head === head && extraOf(c.state, i).headRepoId === undefined);
  if (sharing) return undefined;
  if (head === 'main') return 'the head branch is the default branch';
  if (protectedBranches(c.state, repo).has(head)) return 'the head branch is protected';
  if (!c.state.canWrite(c.user.login, repo)) return 'insufficient permission to delete head branch';
  repo.branches = repo.branches.filter((b) => b !== head);
  return undefined;
}

/**
 * Gitea's review flags on /repos/issues/search match pull requests only: one
 * where the user's review is requested, or one the user has reviewed (a
 * submitted review, not a request).
 */
export function reviewChecks(c: Call): Array<(i: Issue) => boolean> {
  const me = c.user.login;
  const checks: Array<(i: Issue) => boolean> = [];
  if (c.query.get('review_requested') === 'true') checks.push((i) => Boolean(i.pull) && extraOf(c.state, i).requested.includes(me));
  if (c.query.get('reviewed') === 'true') {
    const reviewed = new Set(
      pullsData(c.state)
        .reviews.filter((r) => r.user === me && r.state !== 'REQUEST_REVIEW' && r.state !== 'PENDING')
        .map((r) => r.pullId),
    );
    checks.push((i) => Boolean(i.pull) && reviewed.has(i.id));
  }
  return checks;
}

const searchIssues = searchIssuesWith(reviewChecks);

/**
 * routers/api/v1/api.go mustAllowPulls, before every handler of the /pulls
 * group (Gitea 1.23 to 1.27, Forgejo 11): a repository that cannot have pull
 * requests (models/repo/repo.go CanEnablePulls: an empty one, a mirror) or
 * whose pull request unit is off answers 404, the very answer a missing
 * repository gets (checked on real Gitea 1.23.8 and 1.27.0 and Forgejo 11.0.1:
 * GET …/pulls of an empty repository and of one with has_pull_requests false).
 */
export function pullsAllowed(routes: Array<[string, string, Handler]>): Array<[string, string, Handler]> {
  return routes.map(([method, pattern, handler]) => [
    method,
    pattern,
    pattern === '/repos/:owner/:repo/pulls' || pattern.startsWith('/repos/:owner/:repo/pulls/')
      ? (c: Call) => {
          const repo = visibleRepo(c);
          if (repo.branches.length === 0 || settingsData(c.state).mirrors.has(repo.id) || !repoExtraOf(c.state, repo).has_pull_requests) throw notFound(c.state.apiRoot);
          return handler(c);
        }
      : handler,
  ]);
}

export const PULL_ROUTES: Array<[string, string, Handler]> = [
  // Before the repository route below, which would take it for a repository named issues/search.
  ['GET', '/repos/issues/search', searchIssues],
  ['GET', '/repos/:owner/:repo', getRepo],
  ['GET', '/repos/:owner/:repo/pulls', listPulls],
  ['POST', '/repos/:owner/:repo/pulls', createPull],
  ['GET', '/repos/:owner/:repo/pulls/:index', getPull],
  ['PATCH', '/repos/:owner/:repo/pulls/:index', editPull],
  ['POST', '/repos/:owner/:repo/pulls/:index/merge', mergePull],
  ['POST', '/repos/:owner/:repo/pulls/:index/requested_reviewers', requestReviewers],
  ['GET', '/repos/:owner/:repo/branches/:branch', getBranch],
  ['DELETE', '/repos/:owner/:repo/branches/:branch', deleteBranch],
];

/** The demo's pull request alice/teapot#5 gets a conversation: a review, comments and checks. */
export function seedPullsDemo(state: State): void {
  const repo = state.repo('alice', 'teapot');
  const pr = repo ? state.issuesOf(repo).find((i) => i.pull) : undefined;
  if (!pr) return;
  extraOf(state, pr).requested = ['carol'];
  addComment(state, pr, 'alice', 'Does the felt survive the dishwasher?');
  addComment(state, pr, 'bob', 'It does: tested twenty cycles.');
  addReview(state, pr, 'alice', 'APPROVED', 'Quiet at last.');
  addStatus(state, headSha(state, pr), 'ci/build', 'success', 'Build passed');
  addStatus(state, headSha(state, pr), 'ci/lint', 'success', 'No problems');
}
