// The inbox, as Gitea 1.23 keeps it: notification threads made when an issue
// or pull request of a watched repository changes (read, unread and pinned),
// their routes (/notifications, /notifications/threads/{id}, the repository's
// /repos/{owner}/{repo}/notifications, /notifications/new), and the three
// search endpoints: /repos/search and /users/search with their {ok, data}
// envelopes, and /repos/issues/search with its text, label and owner filters.
// Notifications are made by wrapping the write routes of the other modules
// (notifying(), used in all-routes.ts): each write runs as before, and what
// it changed decides who is told, so those modules need not know the inbox.
import { HttpError, notFound, paginate } from './http.js';
import { extraOf as pullExtraOf, reviewChecks } from './routes-pulls.js';
import { triage } from './routes-triage.js';
import { type Call, type Handler, type Reply, searchIssuesWith, visibleRepo } from './routes.js';
import type { Issue, Json, Repo, State } from './state.js';
import { tick } from './state.js';

export type ThreadStatus = 'unread' | 'read' | 'pinned';
export type ThreadSource = 'issue' | 'pull' | 'commit' | 'repository';

export interface Thread {
  id: number;
  /** Whose inbox it is in. */
  user: string;
  repoId: number;
  issueId: number;
  source: ThreadSource;
  status: ThreadStatus;
  updatedBy: string;
  updated_at: string;
}

export interface InboxData {
  /** Thread ids: a table of their own on real servers, so the other records' ids stay as they were. */
  nextId: number;
  threads: Thread[];
  /** Repository id → the logins watching it (see watchersOf). */
  watchers: Map<number, Set<string>>;
  /** Repository id → stars, for /repos/search's sort=stars. */
  stars: Map<number, number>;
  /** Repository ids that are archived, for /repos/search's archived filter. */
  archived: Set<number>;
  /** Repository id → topics, for /repos/search with topic=true. */
  topics: Map<number, string[]>;
}

export function inbox(state: State): InboxData {
  return state.extension<InboxData>('inbox', () => {
    const data: InboxData = { nextId: 1, threads: [], watchers: new Map(), stars: new Map(), archived: new Set(), topics: new Map() };
    // What a test set here shows in the repository's record; search reads the record, so
    // stars, topics and archiving set by any module count alike.
    state.repoViews.push((r, json) => {
      const stars = data.stars.get(r.id);
      if (stars !== undefined) json.stars_count = stars;
      const topics = data.topics.get(r.id);
      if (topics !== undefined) json.topics = topics;
      if (data.archived.has(r.id)) json.archived = true;
    });
    return data;
  });
}

/**
 * Who watches a repository. services/repository/create.go: with
 * AutoWatchNewRepos (the default) the creator watches a new repository; the
 * in-memory repositories are made by their owner, so a user-owned one starts
 * watched by its owner and an organization's by nobody.
 */
export function watchersOf(state: State, repo: Repo): Set<string> {
  const data = inbox(state);
  let set = data.watchers.get(repo.id);
  if (!set) {
    set = new Set(state.user(repo.owner) ? [repo.owner] : []);
    data.watchers.set(repo.id, set);
  }
  return set;
}

export function watch(state: State, repo: Repo, login: string, on = true): void {
  const set = watchersOf(state, repo);
  if (on) set.add(login);
  else set.delete(login);
}

const WIP = /^\s*(\[WIP\]|WIP:?)\s*/i;

/**
 * models/activities/notification_list.go createOrUpdateIssueNotifications:
 * with a receiver (an assignee, a requested reviewer, someone mentioned) only
 * that user; otherwise the repository's watchers (not for a work-in-progress
 * pull request), the issue's participants (its poster and commenters), never
 * the user who caused it. Users who cannot read the repository get nothing.
 * An existing thread of the user for that issue is updated: a read one
 * becomes unread; an unread or pinned one keeps its status and moves up.
 */
export function notify(state: State, issue: Issue, doer: string, receiver?: string): void {
  const repo = state.repoById(issue.repoId);
  if (!repo) return;
  const to = new Set<string>();
  if (receiver !== undefined) to.add(receiver);
  else {
    if (!(issue.pull && WIP.test(issue.title))) for (const w of watchersOf(state, repo)) to.add(w);
    for (const c of triage(state).comments) if (c.issueId === issue.id) to.add(c.author);
    to.add(issue.author);
    to.delete(doer);
  }
  const data = inbox(state);
  for (const login of to) {
    const user = state.user(login);
    if (!user || !state.canSee(user.login, repo)) continue;
    const now = tick();
    const thread = data.threads.find((t) => t.user === user.login && t.issueId === issue.id);
    if (thread) {
      if (thread.status === 'read') thread.status = 'unread';
      thread.updatedBy = doer;
      thread.updated_at = now;
      continue;
    }
    data.threads.push({ id: data.nextId++, user: user.login, repoId: repo.id, issueId: issue.id, source: issue.pull ? 'pull' : 'issue', status: 'unread', updatedBy: doer, updated_at: now });
  }
}

/** A thread put straight into a user's inbox (tests and the demo). */
export function addThread(state: State, login: string, issue: Issue, status: ThreadStatus = 'unread'): Thread {
  const data = inbox(state);
  const thread: Thread = { id: data.nextId++, user: login, repoId: issue.repoId, issueId: issue.id, source: issue.pull ? 'pull' : 'issue', status, updatedBy: issue.author, updated_at: tick() };
  data.threads.push(thread);
  return thread;
}

/** Users named with @ in a text: services/issue's mention finding, for the users that exist. */
function mentions(state: State, text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const found = [...text.matchAll(/(?:^|[^\w.@])@([A-Za-z0-9_.-]+)/g)].map((m) => m[1] as string);
  return [...new Set(found.map((n) => state.user(n)?.login).filter((n): n is string => n !== undefined))];
}

// The writes that notify --------------------------------------------------

interface Before {
  issue: Issue;
  state: string;
  merged: boolean;
  assignees: string[];
  requested: string[];
}

function issueNamed(c: Call, number: string | undefined): Issue | undefined {
  const repo = c.state.repo(c.params.owner ?? '', c.params.repo ?? '');
  if (!repo || number === undefined || !/^\d+$/.test(number)) return undefined;
  return c.state.issue(repo, Number(number));
}

function snapshot(state: State, issue: Issue): Before {
  return {
    issue,
    state: issue.state,
    merged: issue.pull?.merged ?? false,
    assignees: [...issue.assignees],
    requested: issue.pull ? [...pullExtraOf(state, issue).requested] : [],
  };
}

/**
 * services/uinotification/notify.go: a new issue or pull request, a status
 * change, a merge, a comment or a review tells everyone (NewIssue,
 * IssueChangeStatus, MergePullRequest, CreateIssueComment, PullRequestReview);
 * an assignee (IssueChangeAssignee, unless they assigned themselves), a
 * requested reviewer (PullRequestReviewRequest) and each user mentioned hear
 * of it alone.
 */
function tell(c: Call, kind: 'create' | 'edit' | 'comment' | 'review', issue: Issue, before: Before | undefined): void {
  const doer = c.user.login;
  const after = snapshot(c.state, issue);
  const body = c.body as Json | undefined;
  const changed = kind !== 'edit' || before === undefined || before.state !== after.state || before.merged !== after.merged;
  if (changed) notify(c.state, issue, doer);
  const was = (list: string[] | undefined, login: string) => (list ?? []).includes(login);
  for (const a of after.assignees) if (!was(before?.assignees, a) && a !== doer) notify(c.state, issue, doer, a);
  for (const r of after.requested) if (!was(before?.requested, r)) notify(c.state, issue, doer, r);
  if (kind !== 'edit') for (const m of mentions(c.state, body?.body)) if (m !== doer) notify(c.state, issue, doer, m);
}

/** The writes that change issues and pull requests, with what each is. */
const NOTIFYING: Record<string, 'create' | 'edit' | 'comment' | 'review'> = {
  'POST /repos/:owner/:repo/issues': 'create',
  'POST /repos/:owner/:repo/pulls': 'create',
  'PATCH /repos/:owner/:repo/issues/:index': 'edit',
  'PATCH /repos/:owner/:repo/pulls/:index': 'edit',
  'POST /repos/:owner/:repo/pulls/:index/merge': 'edit',
  'POST /repos/:owner/:repo/pulls/:index/requested_reviewers': 'edit',
  'POST /repos/:owner/:repo/issues/:index/comments': 'comment',
  'POST /repos/:owner/:repo/pulls/:index/reviews': 'review',
};

function notifyingHandler(kind: 'create' | 'edit' | 'comment' | 'review', handler: Handler): Handler {
  return async (c) => {
    const existing = issueNamed(c, c.params.index);
    const before = existing ? snapshot(c.state, existing) : undefined;
    const reply = await handler(c);
    if (reply.status >= 300) return reply;
    const number = (reply.body as Json | undefined)?.number;
    const issue = existing ?? issueNamed(c, typeof number === 'number' ? String(number) : undefined);
    if (issue) tell(c, kind, issue, before);
    return reply;
  };
}

/** The routes given, with the writes of issues and pull requests made to notify. */
export function notifying(routes: Array<[string, string, Handler]>): Array<[string, string, Handler]> {
  return routes.map(([method, pattern, handler]) => {
    const kind = NOTIFYING[`${method} ${pattern}`];
    return [method, pattern, kind ? notifyingHandler(kind, handler) : handler];
  });
}

// Notification routes -------------------------------------------------------

const SUBJECT: Record<ThreadSource, string> = { issue: 'Issue', pull: 'Pull', commit: 'Commit', repository: 'Repository' };

/** services/convert/notification.go ToNotificationThread: `unread` is false for a pinned thread; the repository without permissions. */
export function threadJson(state: State, t: Thread): Json {
  const repo = state.repoById(t.repoId) as Repo;
  const issue = state.issues.find((i) => i.id === t.issueId);
  const repository = state.repoJson(repo, t.user);
  delete repository.permissions;
  const issueJson = issue ? state.issueJson(issue) : undefined;
  const comments = issue ? triage(state).comments.filter((c) => c.issueId === issue.id) : [];
  const last = comments[comments.length - 1];
  const full = `${repo.owner}/${repo.name}`;
  const subjectState = issue?.pull?.merged ? 'merged' : (issue?.state ?? '');
  return {
    id: t.id,
    repository,
    subject: {
      title: issue?.title ?? full,
      url: issueJson?.url ?? '',
      latest_comment_url: last ? `${state.apiRoot}/repos/${full}/issues/comments/${last.id}` : '',
      html_url: issueJson?.html_url ?? `${state.webRoot}/${full}`,
      latest_comment_html_url: last ? `${issueJson?.html_url as string}#issuecomment-${last.id}` : '',
      type: SUBJECT[t.source],
      state: subjectState,
    },
    unread: t.status === 'unread',
    pinned: t.status === 'pinned',
    updated_at: t.updated_at,
    url: `${state.apiRoot}/notifications/threads/${t.id}`,
  };
}

/** routers/api/v1/notify/repo.go statusStringToNotificationStatus: unknown words count for nothing. */
function statuses(c: Call, fallback: ThreadStatus[]): ThreadStatus[] {
  const given = c.query.getAll('status-types');
  const words = given.length > 0 ? given : fallback;
  return words.map((w) => w.trim().toLowerCase()).filter((w): w is ThreadStatus => w === 'unread' || w === 'read' || w === 'pinned');
}

/** context.GetQueryBeforeSince: RFC 3339 times, else 422. */
function timeParam(c: Call, name: string): string | undefined {
  const raw = c.query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(raw) || Number.isNaN(Date.parse(raw))) {
    throw new HttpError(422, { message: `parsing time "${raw}" as "2006-01-02T15:04:05Z07:00": cannot parse`, url: '' });
  }
  return new Date(Date.parse(raw)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** FormBool: strconv.ParseBool's words for true. */
function formBool(c: Call, name: string): boolean {
  return ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(c.query.get(name) ?? '');
}

/**
 * routers/api/v1/notify/notifications.go getFindNotificationOptions: the
 * user's threads, unread and pinned unless `all` or `status-types` say
 * otherwise, narrowed by `subject-type`, `since` and `before`, newest update first.
 */
function findThreads(c: Call, repo: Repo | undefined): Thread[] {
  const since = timeParam(c, 'since');
  const before = timeParam(c, 'before');
  const wanted = formBool(c, 'all') ? undefined : statuses(c, ['unread', 'pinned']);
  const sources = c.query
    .getAll('subject-type')
    .map((s) => s.toLowerCase())
    .filter((s): s is ThreadSource => s in SUBJECT);
  return inbox(c.state)
    .threads.filter(
      (t) =>
        t.user === c.user.login &&
        (!repo || t.repoId === repo.id) &&
        (!wanted || wanted.length === 0 || wanted.includes(t.status)) &&
        (sources.length === 0 || sources.includes(t.source)) &&
        (!since || t.updated_at >= since) &&
        (!before || t.updated_at <= before),
    )
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id));
}

function listThreads(c: Call, repo: Repo | undefined): Reply {
  const page = paginate(findThreads(c, repo), c.query, c.url, c.paging);
  return { status: 200, body: page.items.map((t) => threadJson(c.state, t)), headers: page.headers };
}

function toStatus(c: Call): ThreadStatus {
  return statuses({ ...c, query: new URLSearchParams({ 'status-types': c.query.get('to-status') ?? '' }) }, [])[0] ?? 'read';
}

/**
 * routers/api/v1/notify/user.go ReadNotifications (and repo.go's): the
 * threads in the given statuses (unread unless said; every one with
 * `all`) updated at or before `last_read_at` are set to `to-status` (read
 * unless said); 205 with the threads changed. Setting a status saves the
 * whole record, so its update time moves too.
 */
function markThreads(c: Call, repo: Repo | undefined): Reply {
  const raw = c.query.get('last_read_at')?.trim() ?? '';
  let lastRead: string | undefined;
  if (raw !== '') {
    const t = Date.parse(raw);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(t)) throw new HttpError(400, { message: `parsing time "${raw}" as "2006-01-02T15:04:05Z07:00": cannot parse`, url: '' });
    lastRead = new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  const wanted = formBool(c, 'all') ? undefined : statuses(c, ['unread']);
  const target = toStatus(c);
  const changed = inbox(c.state).threads.filter(
    (t) => t.user === c.user.login && (!repo || t.repoId === repo.id) && (!wanted || wanted.length === 0 || wanted.includes(t.status)) && (!lastRead || t.updated_at <= lastRead),
  );
  for (const t of changed) {
    t.status = target;
    t.updated_at = tick();
  }
  return { status: 205, body: changed.map((t) => threadJson(c.state, t)) };
}

/** routers/api/v1/notify/threads.go getThread: 404 when there is none, 403 when it is another user's. */
function threadOf(c: Call): Thread {
  const raw = c.params.id ?? '';
  const thread = /^\d+$/.test(raw) ? inbox(c.state).threads.find((t) => t.id === Number(raw)) : undefined;
  if (!thread) throw notFound(c.state.apiRoot);
  if (thread.user !== c.user.login) throw new HttpError(403, { message: `only user itself and admin are allowed to read/change this thread ${thread.id}`, url: '' });
  return thread;
}

const getThread: Handler = (c) => ({ status: 200, body: threadJson(c.state, threadOf(c)) });

/** threads.go ReadThread: to-status (read unless said), 205 with the thread, whatever its status was. */
const readThread: Handler = (c) => {
  const thread = threadOf(c);
  thread.status = toStatus(c);
  thread.updated_at = tick();
  return { status: 205, body: threadJson(c.state, thread) };
};

/** notifications.go NewAvailable: the count of unread threads (pinned ones are not). */
const newAvailable: Handler = (c) => ({ status: 200, body: { new: inbox(c.state).threads.filter((t) => t.user === c.user.login && t.status === 'unread').length } });

// Search --------------------------------------------------------------------

/** repo_model.OrderByMap: the sort words /repos/search takes (as fields of the record shown); anything else is 422. */
const REPO_SORTS: Record<string, (r: Json) => string | number> = {
  alpha: (r) => String(r.name).toLowerCase(),
  created: (r) => String(r.created_at),
  updated: (r) => String(r.updated_at),
  id: (r) => Number(r.id),
  stars: (r) => Number(r.stars_count ?? 0),
  forks: (r) => Number(r.forks_count ?? 0),
  size: (r) => Number(r.size ?? 0),
  git_size: (r) => Number(r.size ?? 0),
  lfs_size: () => 0,
};

/** A bad sort, order or mode: ctx.Error's 422 (the envelope's {ok: false, error} is only for a failed search, a 500). */
function searchError(status: number, message: string): HttpError {
  return new HttpError(status, { message, url: '' });
}

/**
 * routers/api/v1/repo/repo.go Search: q matches the name (and topics; with
 * topic=true only a topic, exactly; with includeDesc the description too);
 * uid the owner (exclusive=true: only repositories it owns); archived and
 * is_private narrow; sort/order as OrderByMap has them (name ascending unless
 * said). Answered as {"ok": true, "data": [...]} with the paging headers.
 */
const searchRepos: Handler = (c) => {
  const q = (c.query.get('q') ?? '').trim().toLowerCase();
  const keys = q === '' ? [] : q.split(',').map((k) => k.trim());
  const uid = Number(c.query.get('uid') ?? 0) || 0;
  const owner = uid > 0 ? [...c.state.users, ...c.state.orgs].find((u) => u.id === uid) : undefined;
  const mode = c.query.get('mode') ?? '';
  if (!['', 'source', 'fork', 'mirror', 'collaborative'].includes(mode)) throw searchError(422, `Invalid search mode: "${mode}"`);
  const sort = c.query.get('sort') ?? '';
  // Without sort, order is not read: name ascending.
  const order = sort === '' ? 'asc' : c.query.get('order') || 'asc';
  if (order !== 'asc' && order !== 'desc') throw searchError(422, `Invalid sort order: "${order}"`);
  const key = sort === '' ? REPO_SORTS.alpha : REPO_SORTS[sort];
  if (!key) throw searchError(422, `Invalid sort mode: "${sort}"`);
  const tri = (name: string): boolean | undefined => ((c.query.get(name) ?? '') === '' ? undefined : formBool(c, name));
  const archived = tri('archived');
  const isPrivate = tri('is_private');
  const ownerMatch = (r: Repo): boolean => {
    if (uid <= 0) return true;
    if (!owner) return false;
    if (r.owner.toLowerCase() === owner.login.toLowerCase()) return true;
    // Without exclusive, uid also finds the repositories the user collaborates on.
    return !formBool(c, 'exclusive') && c.state.canWrite(owner.login, r);
  };
  const found = c.state.repos
    .filter((r) => c.state.canSee(c.user.login, r) && ownerMatch(r))
    .map((r) => ({ r, json: c.state.repoJson(r, c.user.login) }))
    .filter(({ r, json }) => {
      if (archived !== undefined && Boolean(json.archived) !== archived) return false;
      if (isPrivate !== undefined && r.private !== isPrivate) return false;
      if ((mode === 'fork' && !json.fork) || ((mode === 'source' || mode === 'collaborative') && (json.fork || json.mirror)) || (mode === 'mirror' && !json.mirror)) return false;
      if (mode === 'collaborative' && r.owner.toLowerCase() === c.user.login.toLowerCase()) return false;
      if (keys.length === 0) return true;
      const topics = Array.isArray(json.topics) ? (json.topics as string[]) : [];
      if (formBool(c, 'topic')) return keys.some((k) => topics.includes(k));
      return keys.some((k) => r.name.toLowerCase().includes(k) || topics.some((t) => t.includes(k)) || (formBool(c, 'includeDesc') && r.description.toLowerCase().includes(k)));
    })
    .sort((a, b) => {
      const x = key(a.json);
      const y = key(b.json);
      const by = x < y ? -1 : x > y ? 1 : a.r.id - b.r.id;
      return order === 'desc' ? -by : by;
    });
  const page = paginate(found, c.query, c.url, c.paging);
  return { status: 200, body: { ok: true, data: page.items.map((f) => f.json) }, headers: page.headers };
};

/**
 * routers/api/v1/user/user.go Search: individual users (never
 * organizations) whose name, full name or e-mail holds q, or the one with
 * `uid`, by name; {"ok": true, "data": [...]}.
 */
const searchUsers: Handler = (c) => {
  const q = (c.query.get('q') ?? '').trim().toLowerCase();
  const uid = Number(c.query.get('uid') ?? 0) || 0;
  const found = c.state.users
    .filter((u) => (uid <= 0 || u.id === uid) && (q === '' || u.login.toLowerCase().includes(q) || u.full_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)))
    .sort((a, b) => a.login.toLowerCase().localeCompare(b.login.toLowerCase()));
  const page = paginate(found, c.query, c.url, c.paging);
  return { status: 200, body: { ok: true, data: page.items.map((u) => c.state.userJson(u)) }, headers: page.headers };
};

/**
 * routers/api/v1/repo/issue.go SearchIssues, beside the state, type and
 * involvement flags the core and routes-pulls.ts check: `q` in the title or
 * body (the issue indexer), `labels` (issues with any of the names), `owner`
 * (its repositories only; 400 when no such user or organization).
 */
const searchIssues = searchIssuesWith((c) => {
  const checks = reviewChecks(c);
  const q = (c.query.get('q') ?? '').trim().toLowerCase();
  if (q !== '') checks.push((i) => i.title.toLowerCase().includes(q) || i.body.toLowerCase().includes(q));
  const labels = (c.query.get('labels') ?? '').trim();
  if (labels !== '') {
    const names = labels.split(',');
    const ids = new Set(c.state.labels.filter((l) => names.includes(l.name)).map((l) => l.id));
    checks.push((i) => i.labels.some((l) => ids.has(l)));
  }
  const ownerName = c.query.get('owner') ?? '';
  if (ownerName !== '') {
    const owner = c.state.owner(ownerName);
    if (!owner) throw new HttpError(400, { message: `user redirect does not exist [name: ${ownerName}]`, url: '' });
    checks.push((i) => c.state.repoById(i.repoId)?.owner.toLowerCase() === owner.login.toLowerCase());
  }
  return checks;
});

/** routers/api/v1/user/user.go GetInfo: GetUserByName finds organizations too (they are users of another type). */
const getUserOrOrg: Handler = (c) => {
  const who = c.state.owner(c.params.username ?? '');
  if (!who) throw notFound(c.state.apiRoot, `user redirect does not exist [name: ${c.params.username}]`);
  return { status: 200, body: c.state.userJson(who) };
};

export const INBOX_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/notifications', (c) => listThreads(c, undefined)],
  ['PUT', '/notifications', (c) => markThreads(c, undefined)],
  ['GET', '/notifications/new', newAvailable],
  ['GET', '/notifications/threads/:id', getThread],
  ['PATCH', '/notifications/threads/:id', readThread],
  ['GET', '/repos/:owner/:repo/notifications', (c) => listThreads(c, visibleRepo(c))],
  ['PUT', '/repos/:owner/:repo/notifications', (c) => markThreads(c, visibleRepo(c))],
  // Before /users/:username and the repository routes, which would take them for a user or repository named search.
  ['GET', '/repos/search', searchRepos],
  ['GET', '/users/search', searchUsers],
  ['GET', '/users/:username', getUserOrOrg],
  ['GET', '/repos/issues/search', searchIssues],
];

/** The demo's inbox: alice hears of bob's pull request and of carol's idea; bob watches the tea party. */
export function seedInbox(state: State): void {
  const teapot = state.repo('alice', 'teapot');
  const party = state.repo('wonderland', 'tea-party');
  if (!teapot || !party) return;
  const issues = state.issuesOf(teapot);
  const pull = issues.find((i) => i.pull);
  const idea = issues.find((i) => i.author === 'carol');
  if (pull) addThread(state, 'alice', pull);
  if (idea) addThread(state, 'alice', idea, 'pinned');
  const partyIssue = state.issuesOf(party)[0];
  if (partyIssue) addThread(state, 'alice', partyIssue, 'read');
  inbox(state).stars.set(teapot.id, 3);
  inbox(state).topics.set(teapot.id, ['tea', 'kitchen']);
  watch(state, party, 'bob');
}
