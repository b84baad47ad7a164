// Repository edits, forks, organization repositories, single webhooks (get,
// edit, delete, test), organization webhooks and organization deletion, as a
// Gitea-family server answers them. The data core state.ts lacks lives in
// state.extension('repos'), and shows in repository records through
// state.repoViews.
import { cpSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyHookEdit, hookRecord, newHookSettings, testMakesTask } from './hook-rules.js';
import { check, conflict, type FieldProblem, forbidden, HttpError, notFound } from './http.js';
import { editTracker } from './routes-issue-work.js';
import { type Call, createRepoOf, HOOK_TYPES, type Handler, list, type Reply, obj, visibleRepo, validName } from './routes.js';
import type { Hook, Json, Org, Repo, State } from './state.js';
import { tick } from './state.js';

/** What a repository has beyond the core record: Gitea's editable settings, and a fork's parent. */
export interface RepoExtra {
  website: string;
  default_branch: string;
  archived: boolean;
  has_issues: boolean;
  has_wiki: boolean;
  has_pull_requests: boolean;
  /** The id of the repository this one was forked from. */
  parent: number | undefined;
  /** A template repository (repo create --template makes repositories from it). */
  template?: boolean;
  /** Where a migrated repository came from (models/repo/repo.go SanitizedOriginalURL: the user part removed, the query kept). */
  original_url?: string;
}

export interface OrgHook extends Hook {
  orgId: number;
}

export interface RepoData {
  extras: Map<number, RepoExtra>;
  orgHooks: OrgHook[];
  /** Test deliveries asked for, by hook id, in order. */
  hookTests: Array<{ hookId: number; ref: string | undefined; sent: boolean }>;
  /**
   * Where the git repositories live, `<gitRoot>/<owner>/<name>.git`; when set,
   * records carry `file://` clone URLs there, and a fork copies its parent's.
   */
  gitRoot: string | undefined;
  /** How long a new fork stays invisible (404) before it appears, as on servers that fork asynchronously. */
  forkDelayMs: number;
}

/** The module's data, created (and its record view registered) on first use. */
export function repoData(state: State): RepoData {
  return state.extension('repos', () => {
    const data: RepoData = { extras: new Map(), orgHooks: [], hookTests: [], gitRoot: undefined, forkDelayMs: 0 };
    state.repoViews.push((r, json, viewer) => showExtra(state, data, r, json, viewer));
    return data;
  });
}

/** A repository's settings beyond the core record, created with Gitea's defaults. */
export function extraOf(state: State, repo: Repo): RepoExtra {
  const { extras } = repoData(state);
  let extra = extras.get(repo.id);
  if (!extra) {
    extra = { website: '', default_branch: 'main', archived: false, has_issues: true, has_wiki: true, has_pull_requests: true, parent: undefined };
    extras.set(repo.id, extra);
  }
  return extra;
}

/** Where a repository's git data is, when the tests keep real repositories. */
export function gitDirOf(data: RepoData, r: Repo): string | undefined {
  return data.gitRoot === undefined ? undefined : join(data.gitRoot, r.owner, `${r.name}.git`);
}

function showExtra(state: State, data: RepoData, r: Repo, json: Json, viewer: string): void {
  const extra = extraOf(state, r);
  json.website = extra.website;
  json.default_branch = extra.default_branch;
  json.archived = extra.archived;
  json.has_issues = extra.has_issues;
  json.has_wiki = extra.has_wiki;
  json.has_pull_requests = extra.has_pull_requests;
  json.template = extra.template === true;
  json.original_url = extra.original_url ?? '';
  json.forks_count = state.repos.filter((x) => data.extras.get(x.id)?.parent === r.id).length;
  const dir = gitDirOf(data, r);
  if (dir !== undefined) json.clone_url = pathToFileURL(dir).href;
  const parent = extra.parent === undefined ? undefined : state.repoById(extra.parent);
  if (parent) {
    json.fork = true;
    // Real servers show the parent without its own parent.
    json.parent = { ...state.repoJson(parent, viewer), parent: null };
  }
}

/** A repository under a new owner or name: its git folder goes along. */
export function moveRepo(state: State, repo: Repo, owner: string, name: string): void {
  const data = repoData(state);
  const from = gitDirOf(data, repo);
  repo.owner = owner;
  repo.name = name;
  const to = gitDirOf(data, repo);
  if (from !== undefined && to !== undefined && existsSync(from)) {
    mkdirSync(dirname(to), { recursive: true });
    renameSync(from, to);
  }
}

/** Admin rights on a repository: the owner, or a member of the owning organization. */
function adminRepo(c: Call): Repo {
  const repo = visibleRepo(c);
  if (!c.state.canAdmin(c.user.login, repo)) throw forbidden('user should be the owner of the repository');
  return repo;
}

function ownedOrg(c: Call): Org {
  const org = c.state.org(c.params.org ?? '');
  if (!org) throw notFound(c.state.apiRoot);
  if (!org.members.includes(c.user.login)) throw forbidden('Must be an organization owner');
  return org;
}

// Repositories ----------------------------------------------------------

const BOOLEANS = ['private', 'archived', 'has_issues', 'has_wiki', 'has_pull_requests', 'template'] as const;
const STRINGS = ['description', 'website', 'default_branch'] as const;

const editRepo: Handler = (c) => {
  const repo = adminRepo(c);
  const body = obj(c.body);
  const problems: FieldProblem[] = [];
  for (const key of BOOLEANS) if (body[key] !== undefined && typeof body[key] !== 'boolean') problems.push({ field: key });
  for (const key of STRINGS) if (body[key] !== undefined && typeof body[key] !== 'string') problems.push({ field: key });
  if (typeof body.description === 'string' && body.description.length > 2048) problems.push({ field: 'description', code: 'MaxSize' });
  if (typeof body.website === 'string' && body.website.length > 1024) problems.push({ field: 'website', code: 'MaxSize' });
  // The binding: AlphaDashDot, at most 100 characters ("[Name]: AlphaDashDot", recorded).
  if (body.name !== undefined && (typeof body.name !== 'string' || !/^[A-Za-z0-9_.-]+$/.test(body.name))) problems.push({ field: 'Name', code: 'AlphaDashDot' });
  else if (typeof body.name === 'string' && body.name.length > 100) problems.push({ field: 'Name', code: 'MaxSize' });
  check('EditRepoOption', problems);
  const extra = extraOf(c.state, repo);
  // updateBasicProperties → services/repository ChangeRepositoryName: a new name (case counts) moves the repository,
  // its git folder with it; one the owner already has is 422 "repository already exists [uname: …, name: …]" (recorded).
  if (typeof body.name === 'string' && body.name !== repo.name) {
    if (!validName(body.name)) throw new HttpError(422, { message: `name is invalid [${body.name}]`, url: '' });
    const other = c.state.repo(repo.owner, body.name);
    if (other && other !== repo) throw new HttpError(422, { message: `repository already exists [uname: ${repo.owner}, name: ${body.name}]`, url: `${c.state.apiRoot}/swagger` });
    moveRepo(c.state, repo, repo.owner, body.name);
  }
  if (typeof body.description === 'string') repo.description = body.description;
  if (typeof body.website === 'string') extra.website = body.website;
  if (typeof body.private === 'boolean') {
    // routers/api/v1/repo/repo.go updateBasicProperties: a fork's visibility is forced to its base repository's, without a word.
    const base = extra.parent === undefined ? undefined : c.state.repos.find((r) => r.id === extra.parent);
    repo.private = base ? base.private : body.private;
  }
  // Gitea keeps the old default branch, without a word, when no branch has the new name.
  if (typeof body.default_branch === 'string' && (repo.branches.length === 0 || repo.branches.includes(body.default_branch))) {
    extra.default_branch = body.default_branch;
  }
  editTracker(c, repo, body);
  if (typeof body.has_issues === 'boolean') extra.has_issues = body.has_issues;
  if (typeof body.has_wiki === 'boolean') extra.has_wiki = body.has_wiki;
  if (typeof body.has_pull_requests === 'boolean') extra.has_pull_requests = body.has_pull_requests;
  if (typeof body.archived === 'boolean') extra.archived = body.archived;
  if (typeof body.template === 'boolean') extra.template = body.template;
  repo.updated_at = tick();
  return { status: 200, body: c.state.repoJson(repo, c.user.login) };
};

const createOrgRepo: Handler = (c) => {
  const org = c.state.org(c.params.org ?? '');
  if (!org) throw notFound(c.state.apiRoot, `org does not exist [id: 0, name: ${c.params.org}]`);
  if (!org.members.includes(c.user.login)) throw forbidden('Given user is not allowed to create repository in organization.');
  return createRepoOf(c, org.login);
};

const forkRepo: Handler = (c) => {
  const base = visibleRepo(c);
  const body = obj(c.body);
  if (body.organization !== undefined && typeof body.organization !== 'string') check('CreateForkOption', [{ field: 'organization' }]);
  if (body.name !== undefined && typeof body.name !== 'string') check('CreateForkOption', [{ field: 'name' }]);
  let owner = c.user.login;
  if (typeof body.organization === 'string') {
    const org = c.state.org(body.organization);
    if (!org) throw new HttpError(422, { message: `org does not exist [id: 0, name: ${body.organization}]`, url: '' });
    if (!org.members.includes(c.user.login)) throw forbidden(`User is no Member of Organisation '${org.login}'`);
    owner = org.login;
  }
  const name = typeof body.name === 'string' ? body.name : base.name;
  if (!validName(name)) throw new HttpError(422, { message: `name is invalid [${name}]: must be valid alpha or numeric or dash(-_) or dot characters`, url: '' });
  const data = repoData(c.state);
  const already = c.state.repos.find((r) => r.owner.toLowerCase() === owner.toLowerCase() && extraOf(c.state, r).parent === base.id);
  if (already) {
    throw conflict(`repository is already forked by user [uname: ${owner}, repo path: ${base.owner}/${base.name}, fork path: ${already.owner}/${already.name}]`);
  }
  if (c.state.repo(owner, name)) throw conflict(`repository already exists [uname: ${owner}, name: ${name}]`);
  const fork = c.state.addRepo(owner, name, { description: base.description, private: base.private });
  fork.branches.push(...base.branches);
  // services/repository/fork.go: the fork has setting.Repository.DefaultForkRepoUnits (code and pull requests: no
  // issues, no wiki) and no website (recorded from real Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1).
  Object.assign(extraOf(c.state, fork), { ...extraOf(c.state, base), parent: base.id, archived: false, website: '', has_issues: false, has_wiki: false });
  const from = gitDirOf(data, base);
  const to = gitDirOf(data, fork);
  if (from !== undefined && to !== undefined && existsSync(from)) cpSync(from, to, { recursive: true });
  const record = c.state.repoJson(fork, c.user.login);
  if (data.forkDelayMs > 0) {
    // Forking in the background: the new repository answers 404 until it is ready.
    c.state.repos = c.state.repos.filter((r) => r !== fork);
    setTimeout(() => c.state.repos.push(fork), data.forkDelayMs).unref();
  }
  return { status: 202, body: record };
};

// Repository webhooks ---------------------------------------------------

function repoHook(c: Call): Hook {
  const repo = adminRepo(c);
  const id = Number(c.params.id);
  const hook = c.state.hooks.find((h) => h.repoId === repo.id && h.id === id);
  if (!hook) throw notFound(c.state.apiRoot);
  return hook;
}

/** The binding's checks of an EditHookOption, then editHook's own (hook-rules.ts). */
function editHook(c: Call, hook: Hook): void {
  const body = obj(c.body);
  const problems: FieldProblem[] = [];
  if (body.config !== undefined && (typeof body.config !== 'object' || body.config === null || Array.isArray(body.config))) problems.push({ field: 'config' });
  if (body.events !== undefined && (!Array.isArray(body.events) || !body.events.every((e) => typeof e === 'string'))) problems.push({ field: 'events' });
  if (body.active !== undefined && typeof body.active !== 'boolean') problems.push({ field: 'active' });
  check('EditHookOption', problems);
  applyHookEdit(c.flavor, hook, body);
}

const showHook = (c: Call, hook: Hook) => hookRecord(c.flavor, c.state.hookJson(hook), hook);

const getRepoHook: Handler = (c) => ({ status: 200, body: showHook(c, repoHook(c)) });

const editRepoHook: Handler = (c) => {
  const hook = repoHook(c);
  editHook(c, hook);
  return { status: 200, body: showHook(c, hook) };
};

const deleteRepoHook: Handler = (c) => {
  const hook = repoHook(c);
  c.state.hooks = c.state.hooks.filter((h) => h !== hook);
  return { status: 204 };
};

/**
 * routers/api/v1/repo/hook.go TestHook: 204 with nothing done for a repository
 * without commits (before the hook is even looked up); otherwise a delivery
 * task when PrepareWebhook makes one (hook-rules.ts testMakesTask), which
 * services/webhook/deliver.go sends only for an active hook.
 */
const testRepoHook: Handler = (c) => {
  const repo = adminRepo(c);
  if (repo.branches.length === 0) return { status: 204 };
  const hook = repoHook(c);
  if (testMakesTask(c.flavor, hook, extraOf(c.state, repo).default_branch)) {
    repoData(c.state).hookTests.push({ hookId: hook.id, ref: c.query.get('ref') ?? undefined, sent: hook.active });
  }
  return { status: 204 };
};

// Organization webhooks -------------------------------------------------

function orgHook(c: Call): OrgHook {
  const org = ownedOrg(c);
  const id = Number(c.params.id);
  const hook = repoData(c.state).orgHooks.find((h) => h.orgId === org.id && h.id === id);
  if (!hook) throw notFound(c.state.apiRoot);
  return hook;
}

const listOrgHooks: Handler = (c): Reply => {
  const org = ownedOrg(c);
  return list(
    c,
    repoData(c.state).orgHooks.filter((h) => h.orgId === org.id),
    (h) => showHook(c, h),
  );
};

const createOrgHook: Handler = (c) => {
  const org = ownedOrg(c);
  const body = obj(c.body);
  const problems: FieldProblem[] = [];
  if (typeof body.type !== 'string' || body.type === '') problems.push({ field: 'type', code: 'required' });
  if (typeof body.config !== 'object' || body.config === null) problems.push({ field: 'config', code: 'required' });
  if (body.events !== undefined && (!Array.isArray(body.events) || !body.events.every((e) => typeof e === 'string'))) problems.push({ field: 'events' });
  check('CreateHookOption', problems);
  // routers/api/v1/utils/hook.go checkCreateHookOption: a type the server has no handler for is a plain 422 message.
  const types = c.flavor.forgejo ? [...HOOK_TYPES, 'forgejo'] : HOOK_TYPES;
  if (!types.includes(String(body.type))) throw new HttpError(422, { message: `Invalid hook type: ${String(body.type)}`, url: '' });
  const now = tick();
  // routers/api/v1/utils/hook.go addHook, as for a repository (hook-rules.ts).
  const hook: OrgHook = { id: c.state.id(), repoId: 0, orgId: org.id, created_at: now, updated_at: now, ...newHookSettings(c.flavor, body) };
  repoData(c.state).orgHooks.push(hook);
  return { status: 201, body: showHook(c, hook) };
};

const getOrgHook: Handler = (c) => ({ status: 200, body: showHook(c, orgHook(c)) });

const editOrgHook: Handler = (c) => {
  const hook = orgHook(c);
  editHook(c, hook);
  return { status: 200, body: showHook(c, hook) };
};

const deleteOrgHook: Handler = (c) => {
  const hook = orgHook(c);
  const data = repoData(c.state);
  data.orgHooks = data.orgHooks.filter((h) => h !== hook);
  return { status: 204 };
};

// Organizations ---------------------------------------------------------

const deleteOrg: Handler = (c) => {
  const org = ownedOrg(c);
  // Gitea answers 500 when the organization still owns repositories.
  if (c.state.repos.some((r) => r.owner.toLowerCase() === org.login.toLowerCase())) {
    throw new HttpError(500, { message: `user still has ownership of repositories [uid: ${org.id}]`, url: '' });
  }
  c.state.orgs = c.state.orgs.filter((o) => o !== org);
  const data = repoData(c.state);
  data.orgHooks = data.orgHooks.filter((h) => h.orgId !== org.id);
  return { status: 204 };
};

export const REPO_ROUTES: Array<[string, string, Handler]> = [
  ['PATCH', '/repos/:owner/:repo', editRepo],
  ['POST', '/repos/:owner/:repo/forks', forkRepo],
  ['POST', '/orgs/:org/repos', createOrgRepo],
  ['GET', '/repos/:owner/:repo/hooks/:id', getRepoHook],
  ['PATCH', '/repos/:owner/:repo/hooks/:id', editRepoHook],
  ['DELETE', '/repos/:owner/:repo/hooks/:id', deleteRepoHook],
  ['POST', '/repos/:owner/:repo/hooks/:id/tests', testRepoHook],
  ['GET', '/orgs/:org/hooks', listOrgHooks],
  ['POST', '/orgs/:org/hooks', createOrgHook],
  ['GET', '/orgs/:org/hooks/:id', getOrgHook],
  ['PATCH', '/orgs/:org/hooks/:id', editOrgHook],
  ['DELETE', '/orgs/:org/hooks/:id', deleteOrgHook],
  ['DELETE', '/orgs/:org', deleteOrg],
];
