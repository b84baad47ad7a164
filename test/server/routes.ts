// The endpoints of the API, as a Gitea-family server answers them: statuses,
// validation, visibility. Each handler gets the decoded path parameters.
import type { Readable } from 'node:stream';
import { hookRecord, newHookSettings } from './hook-rules.js';
import { check, conflict, type FieldProblem, forbidden, HttpError, notFound, type PageOptions, paginate } from './http.js';
import type { Issue, Json, Repo, State, User } from './state.js';
import { tick } from './state.js';

export interface Flavor {
  /** No GET /issues (real Gitea has only /repos/issues/search). */
  noIssuesEndpoint: boolean;
  /** 422 bodies with a message and no errors array. */
  bare422: boolean;
  /** `created`/`updated` instead of `created_at`/`updated_at`. */
  legacyTimestamps: boolean;
  /** Forgejo rather than Gitea: takes the forgejo hook type as well. */
  forgejo: boolean;
  /** DISABLE_QUERY_AUTH_TOKEN set: a `token`/`access_token` query parameter is ignored (the request is anonymous). */
  queryTokensDisabled: boolean;
  /**
   * The version GET /version reports, as the server writes it: "1.26.4" for
   * Gitea, "15.0.3+gitea-1.22.0" for Forgejo. Unset: Gitea 1.23.8, or Forgejo
   * 11.0.1 when `forgejo` is set (see serverVersion).
   */
  version?: string;
}

/** What a server of this flavour reports as its version. */
export function serverVersion(flavor: Flavor): string {
  return flavor.version ?? (flavor.forgejo ? '11.0.1+gitea-1.22.0' : '1.23.8');
}

/** The flavour's own version numbers ([1, 26, 4], [15, 0, 3]), for rules that changed between releases. */
export function versionNumbers(flavor: Flavor): [number, number, number] {
  const [a = 0, b = 0, c = 0] =
    serverVersion(flavor)
      .split(/[+-]/, 1)[0]
      ?.split('.')
      .map((n) => Number.parseInt(n, 10) || 0) ?? [];
  return [a, b, c];
}

/** Whether the server is at least this version of its own flavour ("1.26", "15"). */
export function flavorAtLeast(flavor: Flavor, version: string): boolean {
  const want = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const have = versionNumbers(flavor);
  for (let i = 0; i < 3; i++) {
    const d = (have[i] ?? 0) - (want[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

export interface Call {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  url: URL;
  body: unknown;
  /** The authenticated user; undefined only on routes that allow anonymity (none do). */
  user: User;
  /** How the request authenticated. */
  auth: 'header' | 'query' | 'basic';
  /** For Basic: whether the password (not a token) was given. */
  basicPassword: boolean;
  state: State;
  paging: PageOptions;
  flavor: Flavor;
  headers: Record<string, string | string[] | undefined>;
  /** The request body, unread, on a streamed route (see STREAMED_ROUTES); `body` is then undefined. */
  request?: Readable;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** A body sent as it is, not as JSON (a pull request's .diff). */
  raw?: string;
  headers?: Record<string, string>;
  /** A file on disk sent as the body, streamed (asset downloads). */
  file?: { path: string; size: number; name: string };
  /** A body sent as it is produced (a large job log); an error in it cuts the connection. */
  stream?: Readable;
}

export type Handler = (c: Call) => Reply | Promise<Reply>;

const NAME = /^[A-Za-z0-9_.-]+$/;
// What Gitea's API binding accepts on creation (matrix hooks only from the web UI).
export const HOOK_TYPES = ['dingtalk', 'discord', 'gitea', 'gogs', 'msteams', 'slack', 'telegram', 'feishu', 'wechatwork', 'packagist'];
/** The token scopes Gitea 1.23 and Forgejo 11 accept: read: or write: on each category, `all` and `public-only`. */
export const TOKEN_SCOPES = [
  'all',
  'public-only',
  ...['activitypub', 'admin', 'issue', 'misc', 'notification', 'organization', 'package', 'repository', 'user'].flatMap((c) => [`read:${c}`, `write:${c}`]),
];
/** The categories in models/auth/access_token_scope.go allAccessTokenScopes' order. */
const SCOPE_CATEGORIES = ['activitypub', 'admin', 'misc', 'notification', 'organization', 'package', 'issue', 'repository', 'user'];

/**
 * AccessTokenScope.Normalize (models/auth/access_token_scope.go toScope): public-only first, then each
 * category's write: or else read: in allAccessTokenScopes' order, a read: under its write: dropped, every
 * write: at once being "all" (recorded: real Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1 answer a token's
 * scopes so ordered).
 */
export function normalScopes(scopes: string[]): string[] {
  if (scopes.includes('all')) return [...(scopes.includes('public-only') ? ['public-only'] : []), 'all'];
  const out = scopes.includes('public-only') ? ['public-only'] : [];
  for (const category of SCOPE_CATEGORIES) {
    if (scopes.includes(`write:${category}`)) out.push(`write:${category}`);
    else if (scopes.includes(`read:${category}`)) out.push(`read:${category}`);
  }
  return SCOPE_CATEGORIES.every((category) => out.includes(`write:${category}`)) ? [...out.filter((s) => s === 'public-only'), 'all'] : out;
}

const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'];

export function validName(name: unknown): name is string {
  return typeof name === 'string' && NAME.test(name) && name !== '.' && name !== '..' && name.length <= 100 && !/\.git$/i.test(name);
}

export function obj(body: unknown): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return body as Json;
}

export function list<T>(c: Call, items: T[], show: (item: T) => unknown): Reply {
  const page = paginate(items, c.query, c.url, c.paging);
  return { status: 200, body: page.items.map(show), headers: page.headers };
}

/** A repository the user can see, else 404 as if it did not exist. */
export function visibleRepo(c: Call): Repo {
  const repo = c.state.repo(c.params.owner ?? '', c.params.repo ?? '');
  if (!repo || !c.state.canSee(c.user.login, repo)) throw notFound(c.state.apiRoot);
  return repo;
}

export function writableRepo(c: Call): Repo {
  const repo = visibleRepo(c);
  if (!c.state.canWrite(c.user.login, repo)) throw forbidden('user should have a permission to write to a repo');
  return repo;
}

function indexParam(c: Call): number {
  const raw = c.params.index ?? '';
  if (!/^\d+$/.test(raw)) throw notFound(c.state.apiRoot);
  return Number(raw);
}

/** Newest first, as real servers list issues by default. */
function newestFirst(a: Issue, b: Issue): number {
  return b.created_at < a.created_at ? -1 : b.created_at > a.created_at ? 1 : b.id - a.id;
}

function stateFilter(c: Call, fallback = 'open'): (i: Issue) => boolean {
  const state = c.query.get('state') ?? fallback;
  if (state === 'all') return () => true;
  if (state === 'closed') return (i) => i.state === 'closed';
  return (i) => i.state === 'open';
}

function typeFilter(c: Call): (i: Issue) => boolean {
  const type = c.query.get('type');
  if (type === 'issues') return (i) => !i.pull;
  if (type === 'pulls') return (i) => Boolean(i.pull);
  return () => true;
}

// Users -----------------------------------------------------------------

const getMe: Handler = (c) => ({ status: 200, body: c.state.userJson(c.user) });

const getUser: Handler = (c) => {
  const u = c.state.user(c.params.username ?? '');
  if (!u) throw notFound(c.state.apiRoot, `user redirect does not exist [name: ${c.params.username}]`);
  return { status: 200, body: c.state.userJson(u) };
};

const createToken: Handler = (c) => {
  const target = c.state.user(c.params.username ?? '');
  if (c.auth !== 'basic' || !c.basicPassword) throw new HttpError(401, { message: 'auth required' });
  if (!target) throw notFound(c.state.apiRoot);
  if (target.login !== c.user.login) throw forbidden('only the user may create their tokens');
  const body = obj(c.body);
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '') check('CreateAccessTokenOption', [{ field: 'name', code: 'required' }]);
  if (c.state.tokens.some((t) => t.login === target.login && t.name === name)) {
    throw new HttpError(400, { message: 'access token name has been used already', url: '' });
  }
  const scopes = Array.isArray(body.scopes) ? body.scopes.filter((s): s is string => typeof s === 'string' && s !== '') : [];
  // Gitea checks each name (models/auth/access_token_scope.go) and names the first it does not know.
  const unknown = scopes.find((s) => !TOKEN_SCOPES.includes(s));
  if (unknown !== undefined) {
    throw new HttpError(400, { message: `invalid access token scope provided: invalid access token scope: ${unknown}`, url: `${c.state.apiRoot}/swagger` });
  }
  if (scopes.length === 0) throw new HttpError(400, { message: 'access token must have a scope', url: '' });
  const normal = normalScopes(scopes);
  const token = c.state.addToken(target.login, String(name), normal);
  // Gitea 1.26 describes `created_at` and `last_used_at`; 1.27 sends a new token's created_at as Go's zero time (recorded from a real 1.27.0).
  const stamped = !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.26') ? { created_at: '0001-01-01T00:00:00Z', last_used_at: '0001-01-01T00:00:00Z' } : {};
  return { status: 201, body: { id: token.id, name: token.name, sha1: token.sha1, token_last_eight: token.sha1.slice(-8), scopes: normal, ...stamped } };
};

// Repositories ----------------------------------------------------------

const myRepos: Handler = (c) => {
  const mine = c.state.repos.filter((r) => c.state.canWrite(c.user.login, r));
  return list(c, mine, (r) => c.state.repoJson(r, c.user.login));
};

const userRepos: Handler = (c) => {
  // Organizations are users here too, as on real servers.
  const owner = c.state.owner(c.params.username ?? '');
  if (!owner) throw notFound(c.state.apiRoot);
  const repos = c.state.repos.filter((r) => r.owner.toLowerCase() === owner.login.toLowerCase() && c.state.canSee(c.user.login, r));
  return list(c, repos, (r) => c.state.repoJson(r, c.user.login));
};

const orgRepos: Handler = (c) => {
  const org = c.state.org(c.params.org ?? '');
  if (!org) throw notFound(c.state.apiRoot);
  const repos = c.state.repos.filter((r) => r.owner.toLowerCase() === org.login.toLowerCase() && c.state.canSee(c.user.login, r));
  return list(c, repos, (r) => c.state.repoJson(r, c.user.login));
};

const getRepo: Handler = (c) => ({ status: 200, body: c.state.repoJson(visibleRepo(c), c.user.login) });

const createRepo: Handler = (c) => createRepoOf(c, c.user.login);

/** POST /user/repos and /orgs/{org}/repos (routers/api/v1/repo/repo.go CreateUserRepo): the same checks, another owner. */
export function createRepoOf(c: Call, owner: string): Reply {
  const body = obj(c.body);
  if (!validName(body.name)) check('CreateRepoOption', [{ field: 'name', code: body.name === undefined ? 'required' : 'invalid' }]);
  for (const key of ['private', 'auto_init'] as const) {
    if (body[key] !== undefined && typeof body[key] !== 'boolean') check('CreateRepoOption', [{ field: key }]);
  }
  if (body.description !== undefined && typeof body.description !== 'string') check('CreateRepoOption', [{ field: 'description' }]);
  const name = String(body.name);
  if (c.state.repo(owner, name)) throw conflict('The repository with the same name already exists.');
  const repo = c.state.addRepo(owner, name, {
    ...(typeof body.description === 'string' ? { description: body.description } : {}),
    private: body.private === true,
    init: body.auto_init === true,
  });
  return { status: 201, body: c.state.repoJson(repo, c.user.login) };
}

const deleteRepo: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!c.state.owns(c.user.login, repo)) throw forbidden('Given user is not owner of organization.');
  c.state.deleteRepo(repo);
  return { status: 204 };
};

// Labels ----------------------------------------------------------------

const listLabels: Handler = (c) => {
  const repo = visibleRepo(c);
  return list(
    c,
    c.state.labels.filter((l) => l.repoId === repo.id),
    (l) => c.state.labelJson(l),
  );
};

const createLabel: Handler = (c) => {
  const repo = writableRepo(c);
  const body = obj(c.body);
  const problems: FieldProblem[] = [];
  if (typeof body.name !== 'string' || body.name.trim() === '') problems.push({ field: 'name', code: 'required' });
  if (typeof body.color !== 'string' || !/^#?[0-9a-fA-F]{6}$/.test(body.color)) problems.push({ field: 'color' });
  check('CreateLabelOption', problems);
  const label = c.state.addLabel(repo, String(body.name), String(body.color).replace(/^#/, ''), typeof body.description === 'string' ? body.description : '');
  return { status: 201, body: c.state.labelJson(label) };
};

// Issues ----------------------------------------------------------------

const repoIssues: Handler = (c) => {
  const repo = visibleRepo(c);
  const byState = stateFilter(c);
  const byType = typeFilter(c);
  const q = c.query.get('q')?.toLowerCase();
  const items = c.state
    .issuesOf(repo)
    .filter((i) => byState(i) && byType(i) && (!q || i.title.toLowerCase().includes(q)))
    .reverse();
  return list(c, items, (i) => c.state.issueJson(i));
};

function crossRepo(c: Call, wants: (i: Issue) => boolean): Reply {
  const byState = stateFilter(c);
  const byType = typeFilter(c);
  const visible = new Set(c.state.repos.filter((r) => c.state.canSee(c.user.login, r)).map((r) => r.id));
  const items = c.state.issues.filter((i) => visible.has(i.repoId) && byState(i) && byType(i) && wants(i)).sort(newestFirst);
  return list(c, items, (i) => c.state.issueJson(i));
}

function involvement(c: Call, kind: string): (i: Issue) => boolean {
  const me = c.user.login;
  switch (kind) {
    case 'created':
      return (i) => i.author === me;
    case 'assigned':
      return (i) => i.assignees.includes(me);
    case 'mentioned':
      return (i) => i.body.includes(`@${me}`);
    default:
      return () => true;
  }
}

const allIssues: Handler = (c) => {
  if (c.flavor.noIssuesEndpoint) throw notFound(c.state.apiRoot);
  const filter = c.query.get('filter') ?? 'all';
  if (!['all', 'created', 'assigned', 'mentioned'].includes(filter)) throw new HttpError(400, { message: `invalid filter "${filter}"`, url: '' });
  return crossRepo(c, involvement(c, filter));
};

/**
 * Gitea's /repos/issues/search: each of its flags set to true narrows the list
 * to the user's involvement; `more` adds the checks for flags whose data lives
 * in a feature module (review_requested, reviewed: routes-pulls.ts).
 */
export function searchIssuesWith(more: (c: Call) => Array<(i: Issue) => boolean> = () => []): Handler {
  return (c) => {
    const checks = ['created', 'assigned', 'mentioned'].filter((k) => c.query.get(k) === 'true').map((k) => involvement(c, k));
    checks.push(...more(c));
    return crossRepo(c, (i) => checks.every((check) => check(i)));
  };
}

const searchIssues = searchIssuesWith();

function validateIssueInput(c: Call, repo: Repo, body: Json, creating: boolean): void {
  const problems: FieldProblem[] = [];
  if (creating || body.title !== undefined) {
    if (typeof body.title !== 'string' || body.title.trim() === '') problems.push({ field: 'title', code: 'required' });
    else if ([...body.title].length > 255) problems.push({ field: 'title', code: 'max_size' });
  }
  if (body.body !== undefined && typeof body.body !== 'string') problems.push({ field: 'body' });
  if (body.labels !== undefined) {
    const ok = Array.isArray(body.labels) && body.labels.every((l) => Number.isInteger(l) && c.state.labels.some((x) => x.id === l && x.repoId === repo.id));
    if (!ok) problems.push({ field: 'labels' });
  }
  if (body.state !== undefined && body.state !== 'open' && body.state !== 'closed') problems.push({ field: 'state' });
  check(creating ? 'CreateIssueOption' : 'EditIssueOption', problems);
  if (body.assignee !== undefined && body.assignee !== '' && (typeof body.assignee !== 'string' || !c.state.user(body.assignee))) {
    throw new HttpError(422, { message: `user does not exist [uid: 0, name: ${String(body.assignee)}]`, url: '' });
  }
  // Gitea reads `assignees` (a list) beside the older single `assignee`.
  if (body.assignees !== undefined && body.assignees !== null) {
    if (!Array.isArray(body.assignees)) throw new HttpError(422, { message: '[Assignees]: must be a list', url: '' });
    for (const name of body.assignees) {
      if (typeof name !== 'string' || !c.state.user(name)) throw new HttpError(422, { message: `user does not exist [uid: 0, name: ${String(name)}]`, url: '' });
    }
  }
}

/** Everyone a new issue is assigned to: `assignee` and `assignees` together, each once. */
function assigneesOf(c: Parameters<Handler>[0], body: Record<string, unknown>): string[] {
  const names = [...(typeof body.assignee === 'string' && body.assignee !== '' ? [body.assignee] : []), ...(Array.isArray(body.assignees) ? (body.assignees as string[]) : [])];
  return [...new Set(names.map((n) => (c.state.user(n) as User).login))];
}

const createIssue: Handler = (c) => {
  const repo = visibleRepo(c);
  const body = obj(c.body);
  validateIssueInput(c, repo, body, true);
  const issue = c.state.addIssue(repo, c.user.login, {
    title: String(body.title),
    ...(typeof body.body === 'string' ? { body: body.body } : {}),
    ...(Array.isArray(body.labels) ? { labels: body.labels as number[] } : {}),
    ...(assigneesOf(c, body).length > 0 ? { assignees: assigneesOf(c, body) } : {}),
    ...(body.closed === true ? { state: 'closed' as const } : {}),
  });
  return { status: 201, body: c.state.issueJson(issue) };
};

const getIssue: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = c.state.issue(repo, indexParam(c));
  if (!issue) throw notFound(c.state.apiRoot);
  return { status: 200, body: c.state.issueJson(issue) };
};

const editIssue: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = c.state.issue(repo, indexParam(c));
  if (!issue) throw notFound(c.state.apiRoot);
  if (issue.author !== c.user.login && !c.state.canWrite(c.user.login, repo)) throw forbidden('no permission to edit this issue');
  const body = obj(c.body);
  validateIssueInput(c, repo, body, false);
  if (typeof body.title === 'string') issue.title = body.title;
  if (typeof body.body === 'string') issue.body = body.body;
  if ((body.state === 'open' || body.state === 'closed') && body.state !== issue.state) {
    if (issue.pull?.merged && body.state === 'open') throw forbidden('cannot reopen a merged pull request');
    issue.state = body.state;
    issue.closed_at = body.state === 'closed' ? tick() : null;
  }
  issue.updated_at = tick();
  // Real servers answer an edit with 201 Created.
  return { status: 201, body: c.state.issueJson(issue) };
};

// Pull requests ---------------------------------------------------------

const listPulls: Handler = (c) => {
  const repo = visibleRepo(c);
  const byState = stateFilter(c);
  const items = c.state
    .issuesOf(repo)
    .filter((i) => i.pull && byState(i))
    .reverse();
  return list(c, items, (i) => c.state.pullJson(i, c.user.login));
};

const createPull: Handler = (c) => {
  const repo = visibleRepo(c);
  const body = obj(c.body);
  const problems: FieldProblem[] = [];
  for (const key of ['title', 'head', 'base'] as const) {
    if (typeof body[key] !== 'string' || (body[key] as string).trim() === '') problems.push({ field: key, code: 'required' });
  }
  check('CreatePullRequestOption', problems);
  const head = String(body.head);
  const base = String(body.base);
  if (!repo.branches.includes(base)) throw notFound(c.state.apiRoot, `base branch ${base} does not exist`);
  if (!repo.branches.includes(head)) throw notFound(c.state.apiRoot, `head branch ${head} does not exist`);
  if (head === base) throw new HttpError(422, { message: 'Invalid PullRequest: There are no changes between the head and the base', url: '' });
  const existing = c.state.issuesOf(repo).find((i) => i.pull && i.state === 'open' && i.pull.head === head && i.pull.base === base);
  if (existing)
    throw conflict(
      `pull request already exists for these targets [id: ${existing.id}, issue_id: ${existing.id}, head_repo_id: ${repo.id}, base_repo_id: ${repo.id}, head_branch: ${head}, base_branch: ${base}]`,
    );
  const pr = c.state.addIssue(repo, c.user.login, {
    title: String(body.title),
    ...(typeof body.body === 'string' ? { body: body.body } : {}),
    pull: { head, base },
  });
  return { status: 201, body: c.state.pullJson(pr, c.user.login) };
};

function pullOf(c: Call): Issue {
  const repo = visibleRepo(c);
  const pr = c.state.issue(repo, indexParam(c));
  if (!pr?.pull) throw notFound(c.state.apiRoot);
  return pr;
}

const getPull: Handler = (c) => ({ status: 200, body: c.state.pullJson(pullOf(c), c.user.login) });

const mergePull: Handler = (c) => {
  const repo = visibleRepo(c);
  const pr = pullOf(c);
  const pull = pr.pull as NonNullable<Issue['pull']>;
  const body = obj(c.body);
  if (typeof body.Do !== 'string' || body.Do === '') check('MergePullRequestForm', [{ field: 'Do', code: 'required' }]);
  if (!MERGE_STYLES.includes(String(body.Do))) check('MergePullRequestForm', [{ field: 'Do', code: 'in' }]);
  if (!c.state.canWrite(c.user.login, repo)) throw forbidden('User not allowed to merge PR');
  if (pull.merged) throw new HttpError(405, { message: 'The PR is already merged', url: '' });
  if (pr.state === 'closed') throw new HttpError(405, { message: 'The PR is closed', url: '' });
  const now = tick();
  pull.merged = true;
  pull.merged_at = now;
  pull.merged_by = c.user.login;
  pull.merge_style = String(body.Do);
  pull.merge_message = typeof body.MergeMessageField === 'string' ? body.MergeMessageField : null;
  pr.state = 'closed';
  pr.closed_at = now;
  pr.updated_at = now;
  // Real servers answer a merge with 200 and an empty body.
  return { status: 200 };
};

// Organizations ---------------------------------------------------------

const myOrgs: Handler = (c) => {
  const mine = c.state.orgs.filter((o) => o.members.includes(c.user.login));
  return list(c, mine, (o) => c.state.orgJson(o));
};

const getOrg: Handler = (c) => {
  const org = c.state.org(c.params.org ?? '');
  if (!org) throw notFound(c.state.apiRoot);
  return { status: 200, body: c.state.orgJson(org) };
};

const createOrg: Handler = (c) => {
  const body = obj(c.body);
  if (!validName(body.username)) check('CreateOrgOption', [{ field: 'username', code: body.username === undefined ? 'required' : 'invalid' }]);
  if (body.full_name !== undefined && typeof body.full_name !== 'string') check('CreateOrgOption', [{ field: 'full_name' }]);
  const name = String(body.username);
  if (c.state.owner(name)) throw new HttpError(422, { message: `user already exists [name: ${name}]`, url: '' });
  const org = c.state.addOrg(name, typeof body.full_name === 'string' ? body.full_name : '', [c.user.login]);
  return { status: 201, body: c.state.orgJson(org) };
};

// Webhooks --------------------------------------------------------------

const listHooks: Handler = (c) => {
  const repo = hookAdminRepo(c);
  return list(
    c,
    c.state.hooks.filter((h) => h.repoId === repo.id),
    (h) => hookRecord(c.flavor, c.state.hookJson(h), h),
  );
};

/** routers/api/v1/api.go: repository webhooks need reqAdmin. */
function hookAdminRepo(c: Call): Repo {
  const repo = visibleRepo(c);
  if (!c.state.canAdmin(c.user.login, repo)) throw forbidden('user should be an owner or a collaborator with admin write of a repository');
  return repo;
}

const createHook: Handler = (c) => {
  const repo = hookAdminRepo(c);
  const body = obj(c.body);
  const problems: FieldProblem[] = [];
  const types = c.flavor.forgejo ? [...HOOK_TYPES, 'forgejo'] : HOOK_TYPES;
  if (typeof body.type !== 'string' || body.type === '') problems.push({ field: 'type', code: 'required' });
  if (typeof body.config !== 'object' || body.config === null) problems.push({ field: 'config', code: 'required' });
  if (body.events !== undefined && (!Array.isArray(body.events) || !body.events.every((e) => typeof e === 'string'))) problems.push({ field: 'events' });
  check('CreateHookOption', problems);
  // routers/api/v1/utils/hook.go checkCreateHookOption: a type the server has no handler for is a plain 422 message.
  if (!types.includes(String(body.type))) throw new HttpError(422, { message: `Invalid hook type: ${String(body.type)}`, url: '' });
  // routers/api/v1/utils/hook.go addHook (hook-rules.ts): events read by name, the rest dropped.
  const hook = c.state.addHook(repo, newHookSettings(c.flavor, body));
  return { status: 201, body: hookRecord(c.flavor, c.state.hookJson(hook), hook) };
};

// routers/api/v1/misc/version.go, Version: the application's version, as
// built (Forgejo's carries the Gitea API it follows after a plus sign).
const getVersion: Handler = (c) => ({ status: 200, body: { version: serverVersion(c.flavor) } });

export const ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/version', getVersion],
  ['GET', '/user', getMe],
  ['GET', '/users/:username', getUser],
  ['POST', '/users/:username/tokens', createToken],
  ['GET', '/user/repos', myRepos],
  ['POST', '/user/repos', createRepo],
  ['GET', '/users/:username/repos', userRepos],
  ['GET', '/repos/issues/search', searchIssues],
  ['GET', '/repos/:owner/:repo', getRepo],
  ['DELETE', '/repos/:owner/:repo', deleteRepo],
  ['GET', '/repos/:owner/:repo/labels', listLabels],
  ['POST', '/repos/:owner/:repo/labels', createLabel],
  ['GET', '/repos/:owner/:repo/issues', repoIssues],
  ['POST', '/repos/:owner/:repo/issues', createIssue],
  ['GET', '/repos/:owner/:repo/issues/:index', getIssue],
  ['PATCH', '/repos/:owner/:repo/issues/:index', editIssue],
  ['GET', '/issues', allIssues],
  ['GET', '/repos/:owner/:repo/pulls', listPulls],
  ['POST', '/repos/:owner/:repo/pulls', createPull],
  ['GET', '/repos/:owner/:repo/pulls/:index', getPull],
  ['POST', '/repos/:owner/:repo/pulls/:index/merge', mergePull],
  ['GET', '/user/orgs', myOrgs],
  ['GET', '/orgs/:org', getOrg],
  ['GET', '/orgs/:org/repos', orgRepos],
  ['POST', '/orgs', createOrg],
  ['GET', '/repos/:owner/:repo/hooks', listHooks],
  ['POST', '/repos/:owner/:repo/hooks', createHook],
];
