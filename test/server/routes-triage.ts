// Triage endpoints as Gitea 1.23 answers them: comments, an issue's labels,
// labels by id and the organization's labels, milestones, assignees, due
// dates, issue deletion, and the filters of a repository's issue list. The
// data lives in State.extension('triage'); the records gain their milestone,
// due date and comment count through State.decorators. A pull request is an
// issue: this one store holds its comments and milestone too (routes-pulls.ts
// reads and seeds it), and these routes answer for pull-request numbers.
import { forbidden, HttpError, invalid, notFound } from './http.js';
import { type Call, type Handler, ROUTES as CORE, type Reply, obj, list, visibleRepo, writableRepo } from './routes.js';
import { type Issue, type Json, type Label, type Repo, type State, tick } from './state.js';

export interface Comment {
  id: number;
  issueId: number;
  author: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export interface Milestone {
  id: number;
  repoId: number;
  title: string;
  description: string;
  state: 'open' | 'closed';
  due_on: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

/** A comment of type Review (models/issues CommentTypeReview): what each submission of a review leaves on its pull request. */
export interface ReviewComment {
  id: number;
  issueId: number;
  reviewId: number;
}

export interface Triage {
  comments: Comment[];
  /** The review comments (routes-reviews.ts), counted with the plain ones. */
  reviewComments: ReviewComment[];
  /** Issue id → its stored comment count (issue.num_comments), as last recounted (recountComments). */
  numComments: Map<number, number>;
  milestones: Milestone[];
  /** Issue id → milestone id. */
  milestoneOf: Map<number, number>;
  /** Issue id → due date (RFC 3339, UTC). */
  dueOf: Map<number, string>;
  /** Label ids that are exclusive (scoped). */
  exclusive: Set<number>;
  /** Label ids that are archived. */
  archived: Set<number>;
  /** Organization login (lower case) → its label ids (kept in state.labels, repoId being the organization's id). */
  orgLabels: Map<string, number[]>;
}

/** The triage data of a server, created (with its record decorations) on first use. */
export function triage(state: State): Triage {
  return state.extension<Triage>('triage', () => {
    const data: Triage = {
      comments: [],
      reviewComments: [],
      numComments: new Map(),
      milestones: [],
      milestoneOf: new Map(),
      dueOf: new Map(),
      exclusive: new Set(),
      archived: new Set(),
      orgLabels: new Map(),
    };
    state.decorators.issue.push((i, json) => {
      const m = data.milestones.find((x) => x.id === data.milestoneOf.get(i.id));
      json.milestone = m ? milestoneJson(state, data, m) : null;
      json.due_date = data.dueOf.get(i.id) ?? null;
      json.comments = data.numComments.get(i.id) ?? 0;
    });
    state.decorators.label.push((l, json) => {
      json.exclusive = data.exclusive.has(l.id);
      json.is_archived = data.archived.has(l.id);
    });
    return data;
  });
}

// Seeding (tests and the demo) ---------------------------------------------

export function addMilestone(state: State, repo: Repo, title: string, init: { description?: string; due_on?: string | null; state?: 'open' | 'closed' } = {}): Milestone {
  const now = tick();
  const m: Milestone = {
    id: state.id(),
    repoId: repo.id,
    title,
    description: init.description ?? '',
    state: init.state ?? 'open',
    due_on: init.due_on ?? null,
    created_at: now,
    updated_at: now,
    closed_at: init.state === 'closed' ? now : null,
  };
  triage(state).milestones.push(m);
  return m;
}

/**
 * models/issues/comment.go UpdateIssueNumComments: an issue's `comments` is a
 * stored count of its comments of the types ConversationCountedCommentType
 * names (plain comments and review comments), set again only when a plain
 * comment is made or deleted (updateCommentInfos, DeleteComment) or a line
 * comment is made in a review already submitted; a review's own comment does
 * not recount it (on Gitea 1.23.8 to 1.27.0 and Forgejo 11.0.1 alike: a pull
 * request's count stayed 1 through two reviews, then read 4 after a reply;
 * recorded).
 */
export function recountComments(state: State, issueId: number): void {
  const data = triage(state);
  const count = data.comments.filter((c) => c.issueId === issueId).length + data.reviewComments.filter((c) => c.issueId === issueId).length;
  data.numComments.set(issueId, count);
}

export function addComment(state: State, issue: Issue, author: string, body: string): Comment {
  const now = tick();
  const c: Comment = { id: state.id(), issueId: issue.id, author, body, created_at: now, updated_at: now };
  triage(state).comments.push(c);
  recountComments(state, issue.id);
  return c;
}

export function setMilestone(state: State, issue: Issue, milestone: Milestone | null): void {
  if (milestone) triage(state).milestoneOf.set(issue.id, milestone.id);
  else triage(state).milestoneOf.delete(issue.id);
}

/** An organization label: in state.labels (so issues show it), its repoId the organization's id. */
export function addOrgLabel(state: State, org: string, name: string, color = 'fbca04', description = ''): Label {
  const o = state.org(org);
  if (!o) throw new Error(`no organization ${org}`);
  const label: Label = { id: state.id(), repoId: o.id, name, color, description };
  state.labels.push(label);
  const data = triage(state);
  data.orgLabels.set(o.login.toLowerCase(), [...(data.orgLabels.get(o.login.toLowerCase()) ?? []), label.id]);
  return label;
}

// Records -----------------------------------------------------------------

function milestoneJson(state: State, data: Triage, m: Milestone): Json {
  const repo = state.repoById(m.repoId);
  const issues = repo ? state.issuesOf(repo).filter((i) => data.milestoneOf.get(i.id) === m.id) : [];
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    state: m.state,
    open_issues: issues.filter((i) => i.state === 'open').length,
    closed_issues: issues.filter((i) => i.state === 'closed').length,
    created_at: m.created_at,
    updated_at: m.updated_at,
    closed_at: m.closed_at,
    due_on: m.due_on,
  };
}

export function commentJson(state: State, c: Comment): Json {
  const issue = state.issues.find((i) => i.id === c.issueId);
  const repo = issue ? state.repoById(issue.repoId) : undefined;
  const full = repo ? `${repo.owner}/${repo.name}` : '';
  const u = state.owner(c.author);
  // A pull request is an issue: Gitea links its comments under pulls/ and names it in pull_request_url, issue_url then empty.
  const page = issue ? `${state.webRoot}/${full}/${issue.pull ? 'pulls' : 'issues'}/${issue.number}` : '';
  return {
    id: c.id,
    html_url: issue ? `${page}#issuecomment-${c.id}` : '',
    pull_request_url: issue?.pull ? page : '',
    issue_url: issue && !issue.pull ? page : '',
    user: u ? state.userJson(u) : null,
    original_author: '',
    original_author_id: 0,
    body: c.body,
    assets: [],
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

// Helpers -------------------------------------------------------------------

function issueOf(c: Call, repo: Repo): Issue {
  const raw = c.params.index ?? '';
  const issue = /^\d+$/.test(raw) ? c.state.issue(repo, Number(raw)) : undefined;
  if (!issue) throw notFound(c.state.apiRoot);
  return issue;
}

function idParam(c: Call): number {
  const raw = c.params.id ?? '';
  if (!/^\d+$/.test(raw)) throw notFound(c.state.apiRoot);
  return Number(raw);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A time as Go's JSON decoding of time.Time takes it (RFC 3339), else 422 naming the field. */
function timeField(value: unknown, resource: string, field: string): string {
  if (typeof value !== 'string' || !RFC3339.test(value) || Number.isNaN(Date.parse(value))) throw invalid(resource, [{ field }]);
  return new Date(Date.parse(value)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function timeQuery(c: Call, name: string): number | undefined {
  const v = c.query.get(name);
  if (v === null || v === '') return undefined;
  if (!RFC3339.test(v) || Number.isNaN(Date.parse(v))) throw new HttpError(422, { message: `invalid ${name}: parsing time "${v}"`, url: '' });
  return Date.parse(v);
}

/** Labels an issue of the repository may carry: its own and its organization's. */
function labelsFor(state: State, repo: Repo): Label[] {
  const org = triage(state).orgLabels.get(repo.owner.toLowerCase()) ?? [];
  return state.labels.filter((l) => l.repoId === repo.id || org.includes(l.id));
}

const COLOR = /^#?[0-9a-fA-F]{6}$/;

/** A core route's handler; the ones this module builds on answer at once (no streamed body). */
function core(method: string, pattern: string): (c: Call) => Reply {
  const route = CORE.find(([m, p]) => m === method && p === pattern);
  if (!route) throw new Error(`no core route ${method} ${pattern}`);
  const handler = route[2];
  return (c) => {
    const reply = handler(c);
    if (reply instanceof Promise) throw new Error(`core route ${method} ${pattern} answers later; build on it asynchronously`);
    return reply;
  };
}

// Issues: the fields the core routes leave out ------------------------------

/** Check and take the triage fields of an issue body (assignees, milestone, due date); the rest goes to the core handler. */
function triageFields(c: Call, repo: Repo, body: Json, resource: string): { rest: Json; apply: (issue: Issue) => void } {
  const { assignees, milestone, due_date: due, unset_due_date: unset, ...rest } = body;
  const data = triage(c.state);
  const steps: Array<(issue: Issue) => void> = [];
  if (assignees !== undefined) {
    if (!Array.isArray(assignees) || !assignees.every((a) => typeof a === 'string')) throw invalid(resource, [{ field: 'assignees' }]);
    const logins = (assignees as string[]).map((a) => {
      const u = c.state.user(a);
      if (!u) throw new HttpError(422, { message: `user does not exist [uid: 0, name: ${a}]`, url: '' });
      return u.login;
    });
    steps.push((issue) => {
      issue.assignees = [...new Set(logins)];
    });
  }
  if (milestone !== undefined) {
    if (!Number.isInteger(milestone)) throw invalid(resource, [{ field: 'milestone' }]);
    const id = milestone as number;
    // Gitea: 0 takes the issue out of its milestone; an unknown one is 404.
    const m = id === 0 ? null : data.milestones.find((x) => x.id === id && x.repoId === repo.id);
    if (m === undefined) throw notFound(c.state.apiRoot, `milestone does not exist [id: ${id}, repo_id: ${repo.id}, name: ]`);
    steps.push((issue) => setMilestone(c.state, issue, m));
  }
  if (due !== undefined) {
    const at = timeField(due, resource, 'due_date');
    steps.push((issue) => data.dueOf.set(issue.id, at));
  }
  if (unset !== undefined) {
    if (typeof unset !== 'boolean') throw invalid(resource, [{ field: 'unset_due_date' }]);
    if (unset) steps.push((issue) => data.dueOf.delete(issue.id));
  }
  return { rest, apply: (issue) => steps.forEach((step) => step(issue)) };
}

const coreCreate = core('POST', '/repos/:owner/:repo/issues');
const coreEdit = core('PATCH', '/repos/:owner/:repo/issues/:index');

// routers/api/v1/repo/issue.go CreateIssue (alike at Gitea 1.23.8, 1.26.4,
// Forgejo 11.0.1, 15.0.3): from a user without write access to the issues,
// the labels, milestone, assignees and due date are silently left out; the
// issue is still made (201). The due date is kept to the second as sent.
const createIssue: Handler = (c) => {
  const repo = visibleRepo(c);
  const given = obj(c.body);
  const { labels, milestone, assignees, assignee, due_date, ...plain } = given;
  const body = c.state.canWrite(c.user.login, repo) ? given : plain;
  void [labels, milestone, assignees, assignee, due_date];
  const { rest, apply } = triageFields(c, repo, body, 'CreateIssueOption');
  const reply = coreCreate({ ...c, body: rest });
  const created = c.state.issue(repo, Number((reply.body as Json).number));
  if (created) apply(created);
  return created ? { ...reply, body: c.state.issueJson(created) } : reply;
};

/** A due date as EditIssue and EditPullRequest store it: 23:59:59 of the day it names, in the offset it was sent with. */
function endOfDaySent(value: unknown, resource: string): string {
  timeField(value, resource, 'due_date');
  const text = String(value);
  return timeField(`${text.slice(0, 10)}T23:59:59${text.slice(19).replace(/^\.\d+/, '')}`, resource, 'due_date');
}

// routers/api/v1/repo/issue.go EditIssue (alike at the four tags): the poster
// or a writer may edit; the due date, assignees and milestone only take for a
// writer and are silently skipped otherwise (still 201); a due date is stored
// as the end of the day it names; unset_due_date false without a due_date is 400.
const editIssue: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = issueOf(c, repo);
  const writer = c.state.canWrite(c.user.login, repo);
  if (issue.author !== c.user.login && !writer) throw forbidden('no permission to edit this issue');
  const given = obj(c.body);
  const { milestone, assignees, assignee, due_date: due, unset_due_date: unset, ...plain } = given;
  void [milestone, assignees, assignee];
  if (writer && (due !== undefined || unset !== undefined) && unset !== true && due === undefined) throw new HttpError(400, { message: 'The due_date cannot be empty', url: '' });
  const body = writer ? { ...given, ...(typeof due === 'string' && unset !== true ? { due_date: endOfDaySent(due, 'EditIssueOption') } : {}) } : plain;
  const { rest, apply } = triageFields(c, repo, body, 'EditIssueOption');
  coreEdit({ ...c, body: rest });
  apply(issue);
  return { status: 201, body: c.state.issueJson(issue) };
};

const deleteIssue: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = issueOf(c, repo);
  // Gitea: repository admins only.
  if (!c.state.canAdmin(c.user.login, repo)) throw forbidden('user should be an owner or a collaborator with admin write of a repository');
  const own = c.state.issuesOf(repo);
  own.splice(own.indexOf(issue), 1);
  c.state.issues = c.state.issues.filter((i) => i !== issue);
  const data = triage(c.state);
  data.comments = data.comments.filter((x) => x.issueId !== issue.id);
  data.reviewComments = data.reviewComments.filter((x) => x.issueId !== issue.id);
  data.numComments.delete(issue.id);
  data.milestoneOf.delete(issue.id);
  data.dueOf.delete(issue.id);
  return { status: 204 };
};

/** GET /repos/{owner}/{repo}/issues with Gitea's filters. */
const repoIssues: Handler = (c) => {
  const repo = visibleRepo(c);
  const data = triage(c.state);
  const q = c.query;
  const state = q.get('state') ?? 'open';
  const type = q.get('type');
  const checks: Array<(i: Issue) => boolean> = [];
  if (state !== 'all') checks.push((i) => i.state === (state === 'closed' ? 'closed' : 'open'));
  if (type === 'issues') checks.push((i) => !i.pull);
  if (type === 'pulls') checks.push((i) => Boolean(i.pull));
  const text = q.get('q')?.toLowerCase();
  if (text) checks.push((i) => i.title.toLowerCase().includes(text) || i.body.toLowerCase().includes(text));
  const labels = q.get('labels');
  if (labels) {
    // Every named label, as Gitea does; names that do not exist are dropped.
    const known = labelsFor(c.state, repo);
    const ids = labels
      .split(',')
      .map((n) => known.find((l) => l.name === n.trim())?.id)
      .filter((id): id is number => id !== undefined);
    checks.push((i) => ids.every((id) => i.labels.includes(id)));
  }
  const milestones = q.get('milestones');
  if (milestones) {
    const wanted = milestones.split(',').map((m) => m.trim());
    const ids = data.milestones.filter((m) => m.repoId === repo.id && (wanted.includes(m.title) || wanted.includes(String(m.id)))).map((m) => m.id);
    checks.push((i) => ids.includes(data.milestoneOf.get(i.id) ?? -1));
  }
  for (const [param, check] of [
    ['created_by', (i: Issue, login: string) => i.author.toLowerCase() === login],
    ['assigned_by', (i: Issue, login: string) => i.assignees.some((a) => a.toLowerCase() === login)],
    ['mentioned_by', (i: Issue, login: string) => `${i.title} ${i.body}`.toLowerCase().includes(`@${login}`)],
  ] as const) {
    const who = q.get(param);
    if (!who) continue;
    const user = c.state.user(who);
    if (!user) throw notFound(c.state.apiRoot, `user redirect does not exist [name: ${who}]`);
    const login = user.login.toLowerCase();
    checks.push((i) => check(i, login));
  }
  const since = timeQuery(c, 'since');
  const before = timeQuery(c, 'before');
  if (since !== undefined) checks.push((i) => Date.parse(i.updated_at) >= since);
  if (before !== undefined) checks.push((i) => Date.parse(i.updated_at) <= before);
  const items = c.state
    .issuesOf(repo)
    .filter((i) => checks.every((check) => check(i)))
    .reverse();
  return list(c, items, (i) => c.state.issueJson(i));
};

// Comments -----------------------------------------------------------------

const listComments: Handler = (c) => {
  const issue = issueOf(c, visibleRepo(c));
  // Gitea answers every comment at once, oldest first: the endpoint has no pages.
  const comments = triage(c.state).comments.filter((x) => x.issueId === issue.id);
  return { status: 200, body: comments.map((x) => commentJson(c.state, x)) };
};

function bodyText(c: Call, resource: string): string {
  const body = obj(c.body).body;
  if (typeof body !== 'string' || body.trim() === '') throw invalid(resource, [{ field: 'body', code: 'required' }]);
  return body;
}

// routers/api/v1/repo/issue_comment.go CreateIssueComment: Gitea (1.23.8,
// 1.26.4) answers a number that is no issue with 500 (GetIssueByIndex's error
// is not told apart); Forgejo (11.0.1, 15.0.3) with 404.
const createComment: Handler = (c) => {
  const repo = visibleRepo(c);
  const raw = c.params.index ?? '';
  if (!c.flavor.forgejo && !(/^\d+$/.test(raw) && c.state.issue(repo, Number(raw)))) {
    throw new HttpError(500, { message: `issue does not exist [id: 0, repo_id: ${repo.id}, index: ${raw}]`, url: '' });
  }
  const issue = issueOf(c, repo);
  const comment = addComment(c.state, issue, c.user.login, bodyText(c, 'CreateIssueCommentOption'));
  issue.updated_at = comment.created_at;
  return { status: 201, body: commentJson(c.state, comment) };
};

function commentOf(c: Call): { comment: Comment; repo: Repo } {
  const repo = visibleRepo(c);
  const id = idParam(c);
  const comment = triage(c.state).comments.find((x) => x.id === id);
  const issue = comment && c.state.issues.find((i) => i.id === comment.issueId);
  if (!comment || !issue || issue.repoId !== repo.id) throw notFound(c.state.apiRoot);
  if (comment.author !== c.user.login && !c.state.canWrite(c.user.login, repo)) throw forbidden('');
  return { comment, repo };
}

const editComment: Handler = (c) => {
  const { comment } = commentOf(c);
  comment.body = bodyText(c, 'EditIssueCommentOption');
  comment.updated_at = tick();
  return { status: 200, body: commentJson(c.state, comment) };
};

const deleteComment: Handler = (c) => {
  const { comment } = commentOf(c);
  const data = triage(c.state);
  data.comments = data.comments.filter((x) => x !== comment);
  recountComments(c.state, comment.issueId);
  return { status: 204 };
};

// An issue's labels ----------------------------------------------------------

/** Labels given by id or by name (Gitea takes either); an unknown one is 422, as Gitea answers. */
function labelIds(c: Call, repo: Repo): number[] {
  const raw = obj(c.body).labels;
  if (!Array.isArray(raw)) throw invalid('IssueLabelsOption', [{ field: 'labels' }]);
  const known = labelsFor(c.state, repo);
  return raw.map((v) => {
    const label = typeof v === 'number' ? known.find((l) => l.id === v) : typeof v === 'string' ? known.find((l) => l.name === v) : undefined;
    if (!label) throw new HttpError(422, { message: `label does not exist [label_id: ${String(v)}]`, url: '' });
    return label.id;
  });
}

function issueLabelsReply(c: Call, issue: Issue): Reply {
  issue.updated_at = tick();
  return { status: 200, body: c.state.labelsJson(issue.labels) };
}

const getIssueLabels: Handler = (c) => ({ status: 200, body: c.state.labelsJson(issueOf(c, visibleRepo(c)).labels) });

const addIssueLabels: Handler = (c) => {
  const repo = writableRepo(c);
  const issue = issueOf(c, repo);
  for (const id of labelIds(c, repo)) if (!issue.labels.includes(id)) issue.labels.push(id);
  return issueLabelsReply(c, issue);
};

const replaceIssueLabels: Handler = (c) => {
  const repo = writableRepo(c);
  const issue = issueOf(c, repo);
  issue.labels = [...new Set(labelIds(c, repo))];
  return issueLabelsReply(c, issue);
};

const clearIssueLabels: Handler = (c) => {
  const issue = issueOf(c, writableRepo(c));
  issue.labels = [];
  issue.updated_at = tick();
  return { status: 204 };
};

const removeIssueLabel: Handler = (c) => {
  const repo = writableRepo(c);
  const issue = issueOf(c, repo);
  const id = idParam(c);
  if (!c.state.labels.some((l) => l.id === id)) throw new HttpError(422, { message: `label does not exist [label_id: ${id}]`, url: '' });
  issue.labels = issue.labels.filter((l) => l !== id);
  issue.updated_at = tick();
  return { status: 204 };
};

// Labels ------------------------------------------------------------------------

function labelOf(c: Call, repo: Repo): Label {
  const id = idParam(c);
  const label = c.state.labels.find((l) => l.id === id && l.repoId === repo.id);
  if (!label) throw notFound(c.state.apiRoot, `label does not exist [id: ${id}]`);
  return label;
}

function checkLabelBody(body: Json, resource: string, creating: boolean): void {
  const problems: Array<{ field: string; code?: string }> = [];
  if (creating || body.name !== undefined) {
    if (typeof body.name !== 'string' || body.name.trim() === '') problems.push({ field: 'name', code: 'required' });
  }
  if (creating || body.color !== undefined) {
    if (typeof body.color !== 'string' || !COLOR.test(body.color)) problems.push({ field: 'color' });
  }
  if (body.description !== undefined && typeof body.description !== 'string') problems.push({ field: 'description' });
  if (body.exclusive !== undefined && typeof body.exclusive !== 'boolean') problems.push({ field: 'exclusive' });
  if (body.is_archived !== undefined && typeof body.is_archived !== 'boolean') problems.push({ field: 'is_archived' });
  if (problems.length > 0) throw invalid(resource, problems);
}

const createLabel: Handler = (c) => {
  const repo = writableRepo(c);
  const body = obj(c.body);
  checkLabelBody(body, 'CreateLabelOption', true);
  const label = c.state.addLabel(repo, String(body.name), String(body.color).replace(/^#/, '').toLowerCase(), typeof body.description === 'string' ? body.description : '');
  if (body.exclusive === true) triage(c.state).exclusive.add(label.id);
  if (body.is_archived === true) triage(c.state).archived.add(label.id);
  // routers/api/v1/repo/label.go CreateLabel checks no uniqueness: a second label of a name is made like the first.
  return { status: 201, body: c.state.labelJson(label) };
};

const getLabel: Handler = (c) => ({ status: 200, body: c.state.labelJson(labelOf(c, visibleRepo(c))) });

const editLabel: Handler = (c) => {
  const repo = writableRepo(c);
  const label = labelOf(c, repo);
  const body = obj(c.body);
  checkLabelBody(body, 'EditLabelOption', false);
  if (typeof body.name === 'string') label.name = body.name;
  if (typeof body.color === 'string') label.color = body.color.replace(/^#/, '').toLowerCase();
  if (typeof body.description === 'string') label.description = body.description;
  if (typeof body.exclusive === 'boolean') {
    if (body.exclusive) triage(c.state).exclusive.add(label.id);
    else triage(c.state).exclusive.delete(label.id);
  }
  // routers/api/v1/repo/label.go EditLabel: SetArchived(is_archived given and true), so an edit without it unarchives.
  if (body.is_archived === true) triage(c.state).archived.add(label.id);
  else triage(c.state).archived.delete(label.id);
  return { status: 200, body: c.state.labelJson(label) };
};

const deleteLabel: Handler = (c) => {
  const repo = writableRepo(c);
  const label = labelOf(c, repo);
  c.state.labels = c.state.labels.filter((l) => l !== label);
  for (const issue of c.state.issuesOf(repo)) issue.labels = issue.labels.filter((id) => id !== label.id);
  return { status: 204 };
};

const orgLabels: Handler = (c) => {
  const org = c.state.org(c.params.org ?? '');
  if (!org) throw notFound(c.state.apiRoot);
  const ids = triage(c.state).orgLabels.get(org.login.toLowerCase()) ?? [];
  return list(
    c,
    c.state.labels.filter((l) => ids.includes(l.id)),
    (l) => c.state.labelJson(l),
  );
};

// Milestones ----------------------------------------------------------------------

/** A milestone by id, else by title, as Gitea looks it up. */
function milestoneOf(c: Call, repo: Repo): Milestone {
  const key = c.params.id ?? '';
  const mine = triage(c.state).milestones.filter((m) => m.repoId === repo.id);
  const m = (/^\d+$/.test(key) ? mine.find((x) => x.id === Number(key)) : undefined) ?? mine.find((x) => x.title === key);
  if (!m) throw notFound(c.state.apiRoot);
  return m;
}

function checkMilestoneBody(c: Call, body: Json, resource: string, creating: boolean): void {
  if (creating || body.title !== undefined) {
    if (typeof body.title !== 'string' || body.title.trim() === '') throw invalid(resource, [{ field: 'title', code: 'required' }]);
  }
  if (body.description !== undefined && typeof body.description !== 'string') throw invalid(resource, [{ field: 'description' }]);
  if (body.state !== undefined && body.state !== 'open' && body.state !== 'closed') throw invalid(resource, [{ field: 'state' }]);
  if (body.due_on !== undefined && body.due_on !== null) timeField(body.due_on, resource, 'due_on');
  void c;
}

const listMilestones: Handler = (c) => {
  const repo = visibleRepo(c);
  const state = c.query.get('state') ?? 'open';
  const name = c.query.get('name');
  const data = triage(c.state);
  const items = data.milestones.filter(
    (m) => m.repoId === repo.id && (state === 'all' || m.state === (state === 'closed' ? 'closed' : 'open')) && (!name || m.title.toLowerCase().includes(name.toLowerCase())),
  );
  return list(c, items, (m) => milestoneJson(c.state, data, m));
};

const createMilestone: Handler = (c) => {
  const repo = writableRepo(c);
  const body = obj(c.body);
  checkMilestoneBody(c, body, 'CreateMilestoneOption', true);
  const m = addMilestone(c.state, repo, String(body.title), {
    ...(typeof body.description === 'string' ? { description: body.description } : {}),
    ...(typeof body.due_on === 'string' ? { due_on: timeField(body.due_on, 'CreateMilestoneOption', 'due_on') } : {}),
    ...(body.state === 'closed' ? { state: 'closed' as const } : {}),
  });
  return { status: 201, body: milestoneJson(c.state, triage(c.state), m) };
};

const getMilestone: Handler = (c) => {
  const repo = visibleRepo(c);
  return { status: 200, body: milestoneJson(c.state, triage(c.state), milestoneOf(c, repo)) };
};

/**
 * The due date a milestone edit stores. routers/api/v1/repo/milestone.go
 * EditMilestone: Gitea (1.23.8 and 1.26.4) sets it from ParseAPIDeadlineToEndOfDay
 * whether or not one was sent, so an edit without due_on erases it, and one with
 * due_on stores 23:59:59 of the day it names in the server's time zone (UTC
 * here); Forgejo (11.0.1, 15.0.3) changes it only when one is sent, to the second.
 */
function milestoneDue(c: Call, m: Milestone, value: unknown): string | null {
  if (c.flavor.forgejo) return typeof value === 'string' ? timeField(value, 'EditMilestoneOption', 'due_on') : m.due_on;
  if (typeof value !== 'string') return null;
  timeField(value, 'EditMilestoneOption', 'due_on');
  return `${value.slice(0, 10)}T23:59:59Z`;
}

const editMilestone: Handler = (c) => {
  const repo = writableRepo(c);
  const m = milestoneOf(c, repo);
  const body = obj(c.body);
  checkMilestoneBody(c, body, 'EditMilestoneOption', false);
  // len(form.Title) > 0: an empty title is ignored.
  if (typeof body.title === 'string' && body.title.length > 0) m.title = body.title;
  if (typeof body.description === 'string') m.description = body.description;
  m.due_on = milestoneDue(c, m, body.due_on);
  if ((body.state === 'open' || body.state === 'closed') && body.state !== m.state) {
    m.state = body.state;
    m.closed_at = body.state === 'closed' ? tick() : null;
  }
  m.updated_at = tick();
  return { status: 200, body: milestoneJson(c.state, triage(c.state), m) };
};

const deleteMilestone: Handler = (c) => {
  const repo = writableRepo(c);
  const m = milestoneOf(c, repo);
  const data = triage(c.state);
  data.milestones = data.milestones.filter((x) => x !== m);
  for (const [issue, id] of data.milestoneOf) if (id === m.id) data.milestoneOf.delete(issue);
  return { status: 204 };
};

/** Listed before the core routes: the first match answers, so these replace the core's versions. */
export const TRIAGE_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/issues', repoIssues],
  ['POST', '/repos/:owner/:repo/issues', createIssue],
  ['PATCH', '/repos/:owner/:repo/issues/:index', editIssue],
  ['DELETE', '/repos/:owner/:repo/issues/:index', deleteIssue],
  ['GET', '/repos/:owner/:repo/issues/:index/comments', listComments],
  ['POST', '/repos/:owner/:repo/issues/:index/comments', createComment],
  ['PATCH', '/repos/:owner/:repo/issues/comments/:id', editComment],
  ['DELETE', '/repos/:owner/:repo/issues/comments/:id', deleteComment],
  ['GET', '/repos/:owner/:repo/issues/:index/labels', getIssueLabels],
  ['POST', '/repos/:owner/:repo/issues/:index/labels', addIssueLabels],
  ['PUT', '/repos/:owner/:repo/issues/:index/labels', replaceIssueLabels],
  ['DELETE', '/repos/:owner/:repo/issues/:index/labels', clearIssueLabels],
  ['DELETE', '/repos/:owner/:repo/issues/:index/labels/:id', removeIssueLabel],
  ['POST', '/repos/:owner/:repo/labels', createLabel],
  ['GET', '/repos/:owner/:repo/labels/:id', getLabel],
  ['PATCH', '/repos/:owner/:repo/labels/:id', editLabel],
  ['DELETE', '/repos/:owner/:repo/labels/:id', deleteLabel],
  ['GET', '/orgs/:org/labels', orgLabels],
  ['GET', '/repos/:owner/:repo/milestones', listMilestones],
  ['POST', '/repos/:owner/:repo/milestones', createMilestone],
  ['GET', '/repos/:owner/:repo/milestones/:id', getMilestone],
  ['PATCH', '/repos/:owner/:repo/milestones/:id', editMilestone],
  ['DELETE', '/repos/:owner/:repo/milestones/:id', deleteMilestone],
];
