// Actions runners and their registration tokens, of a repository, an
// organization, the user and the instance, as Gitea and Forgejo answer them.
// Read at Gitea v1.23.8 to v1.27.0 and Forgejo v11.0.1 and v15.0.3:
// routers/api/v1/api.go (which release routes what), routers/api/v1/shared/runners.go
// (GetRegistrationToken, ListRunners, GetRunner, DeleteRunner), and the
// answers of real Gitea 1.23.8 and 1.27.0 and Forgejo 11.0.1.
import { randomBytes } from 'node:crypto';
import { forbidden, HttpError, notFound, paginate } from './http.js';
import { type Call, flavorAtLeast, type Flavor, type Handler, type Reply, visibleRepo } from './routes.js';
import type { State } from './state.js';

/** A runner as the server keeps it: whose (ownerId, repoId; both 0 for the instance's) and what it shows. */
export interface StoredRunner {
  id: number;
  uuid: string;
  name: string;
  ownerId: number;
  repoId: number;
  status: 'offline' | 'idle' | 'active';
  busy: boolean;
  disabled: boolean;
  ephemeral: boolean;
  labels: string[];
  version: string;
  description: string;
}

export interface RunnersData {
  runners: StoredRunner[];
  /** The active registration token of each place (`ownerId:repoId`), made on first ask. */
  tokens: Map<string, string>;
  /** Every registration token handed out, for the tests to look for in what kettle printed. */
  issued: string[];
}

export function runnersData(state: State): RunnersData {
  return state.extension('runners', () => ({ runners: [], tokens: new Map(), issued: [] }));
}

/** A runner registered by the tests or the demo, as act_runner's Register would make it. */
export function addRunner(state: State, init: Partial<StoredRunner> & { name: string }): StoredRunner {
  const data = runnersData(state);
  const id = data.runners.reduce((m, r) => Math.max(m, r.id), 0) + 1;
  const runner: StoredRunner = {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    ownerId: 0,
    repoId: 0,
    status: 'offline',
    busy: false,
    disabled: false,
    ephemeral: false,
    labels: ['ubuntu-latest'],
    version: 'v1.0.8',
    description: '',
    ...init,
  };
  data.runners.push(runner);
  return runner;
}

const gitea = (f: Flavor, version: string): boolean => !f.forgejo && flavorAtLeast(f, version);
/** ListRunners, GetRunner and DeleteRunner: routed from Gitea 1.24 and Forgejo 15 (api.go). */
const listsRunners = (f: Flavor): boolean => gitea(f, '1.24') || (f.forgejo && flavorAtLeast(f, '15'));
/** GetRegistrationToken: Gitea 1.23 to 1.25 and every Forgejo release (deprecated in 15); Gitea 1.26 dropped it. */
const getsToken = (f: Flavor): boolean => f.forgejo || !flavorAtLeast(f, '1.26');

/** A path no route of this release serves: the router's own plain-text 404, as real servers send it. */
function unrouted(): Reply {
  return { status: 404, raw: '404 page not found\n', headers: { 'content-type': 'text/plain; charset=utf-8' } };
}

interface Place {
  ownerId: number;
  repoId: number;
}

/**
 * Who may: the repository's owner or a site administrator (api.go
 * addActionsRoutes with reqOwner: "user should be the owner of the repo", as
 * real Gitea 1.23.8 and 1.27.0 and Forgejo 11.0.1 answer), an organization's
 * owner (reqOrgOwnership), the user for their own, a site administrator for
 * the instance's (reqSiteAdmin).
 */
function placeOf(c: Call, where: 'repo' | 'org' | 'user' | 'admin'): Place {
  const admin = c.user.admin === true;
  if (where === 'repo') {
    const repo = visibleRepo(c);
    if (!admin && !c.state.owns(c.user.login, repo)) throw forbidden('user should be the owner of the repo');
    return { ownerId: 0, repoId: repo.id };
  }
  if (where === 'org') {
    const org = c.state.org(c.params.org ?? '');
    // context.OrgAssignment: 404 ("not found" on Gitea 1.27.0, "GetOrgByName" on Forgejo 11.0.1).
    if (!org) throw notFound(c.state.apiRoot);
    if (!admin && !org.members.some((m) => m.toLowerCase() === c.user.login.toLowerCase())) throw forbidden('Must be an organization owner');
    return { ownerId: org.id, repoId: 0 };
  }
  if (where === 'user') return { ownerId: c.user.id, repoId: 0 };
  if (!admin) throw forbidden('user should be the site admin');
  return { ownerId: 0, repoId: 0 };
}

/** shared/runners.go GetRegistrationToken: the place's latest active token, a new one when it has none. */
function tokenOf(c: Call, place: Place): Reply {
  const data = runnersData(c.state);
  const key = `${place.ownerId}:${place.repoId}`;
  let token = data.tokens.get(key);
  if (token === undefined) {
    token = randomBytes(20).toString('hex');
    data.tokens.set(key, token);
    data.issued.push(token);
  }
  return { status: 200, body: { token } };
}

/** Gitea 1.24 and later's record (modules/structs ActionRunner: labels as records, `disabled` from 1.26); Forgejo 15's (labels as names, uuid, version…). */
function runnerJson(f: Flavor, r: StoredRunner): unknown {
  if (f.forgejo) {
    return { id: r.id, uuid: r.uuid, name: r.name, version: r.version, owner_id: r.ownerId, repo_id: r.repoId, description: r.description, labels: r.labels, status: r.status, ephemeral: r.ephemeral };
  }
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    busy: r.busy,
    ...(flavorAtLeast(f, '1.26') ? { disabled: r.disabled } : {}),
    ephemeral: r.ephemeral,
    labels: r.labels.map((name) => ({ id: 0, name, type: 'custom' })),
  };
}

/**
 * Whose runners a place lists: its own (FindRunnerOptions without
 * WithAvailable or WithVisible). The instance's call lists every runner on
 * Gitea (no condition for owner 0 and repository 0), the instance's own on
 * Forgejo 15 unless `visible=true` (models/actions/runner.go ToConds).
 */
function listedBy(c: Call, place: Place, r: StoredRunner): boolean {
  if (place.ownerId === 0 && place.repoId === 0) return !c.flavor.forgejo || c.query.get('visible') === 'true' || (r.ownerId === 0 && r.repoId === 0);
  return ownedBy(place, r);
}

/** Whether a place may delete a runner (EditableInContext, Forgejo's Editable): the instance's call any. */
function ownedBy(place: Place, r: StoredRunner): boolean {
  if (place.ownerId === 0 && place.repoId === 0) return true;
  return r.ownerId === place.ownerId && r.repoId === place.repoId;
}

/**
 * ListRunners. Gitea wraps the page ({runners, total_count}) and sends no
 * paging headers, reading `page` and `limit` all the same
 * (utils.GetListOptions); Forgejo 15 sends the list with X-Total-Count and Link.
 */
function listRunners(where: 'repo' | 'org' | 'user' | 'admin'): Handler {
  return (c) => {
    if (!listsRunners(c.flavor)) return unrouted();
    const place = placeOf(c, where);
    const all = runnersData(c.state).runners.filter((r) => listedBy(c, place, r));
    const page = paginate(all, c.query, c.url, c.paging);
    const items = page.items.map((r) => runnerJson(c.flavor, r));
    if (c.flavor.forgejo) return { status: 200, body: items, headers: page.headers };
    return { status: 200, body: { runners: items, total_count: all.length } };
  };
}

/**
 * getRunnerByID (DeleteRunner): 404 "runner with id N: resource does not
 * exist" for none (as real Gitea 1.27.0 answers; a path word such as
 * `registration-token` reads as id 0), 404 for a runner of another place
 * (EditableInContext: "No permission to access this runner").
 */
function deleteRunner(where: 'repo' | 'org' | 'user' | 'admin'): Handler {
  return (c) => {
    if (!listsRunners(c.flavor)) return unrouted();
    const place = placeOf(c, where);
    const raw = c.params.id ?? '';
    const id = /^\d+$/.test(raw) ? Number(raw) : 0;
    const data = runnersData(c.state);
    const runner = data.runners.find((r) => r.id === id);
    if (!runner) throw new HttpError(404, { message: `runner with id ${id}: resource does not exist`, url: `${c.state.apiRoot}/swagger` });
    if (!ownedBy(place, runner)) throw new HttpError(404, { message: 'No permission to access this runner', url: `${c.state.apiRoot}/swagger` });
    data.runners.splice(data.runners.indexOf(runner), 1);
    return { status: 204 };
  };
}

/** GET …/registration-token: where a release lacks it but lists runners (Gitea 1.26 and later), the path reads as runner id 0. */
function getToken(where: 'repo' | 'org' | 'user' | 'admin'): Handler {
  return (c) => {
    if (getsToken(c.flavor)) return tokenOf(c, placeOf(c, where));
    placeOf(c, where);
    throw new HttpError(404, { message: 'runner with id 0: resource does not exist', url: `${c.state.apiRoot}/swagger` });
  };
}

/** CreateRegistrationToken (POST): Gitea 1.24 and later, the same token GetRegistrationToken gives. */
function postToken(where: 'repo' | 'org' | 'user' | 'admin'): Handler {
  return (c) => (gitea(c.flavor, '1.24') ? tokenOf(c, placeOf(c, where)) : unrouted());
}

function routes(prefix: string, where: 'repo' | 'org' | 'user' | 'admin'): Array<[string, string, Handler]> {
  return [
    ['GET', `${prefix}/runners`, listRunners(where)],
    ['GET', `${prefix}/runners/registration-token`, getToken(where)],
    ['POST', `${prefix}/runners/registration-token`, postToken(where)],
    ['DELETE', `${prefix}/runners/:id`, deleteRunner(where)],
  ];
}

/**
 * The instance's: ListRunners and DeleteRunner under /admin/actions/runners
 * (Gitea 1.24, Forgejo 15), its POST token there too (Gitea 1.24); the GET
 * token at /admin/runners/registration-token (Gitea 1.23 to 1.25, every
 * Forgejo), and in Forgejo 15 at /admin/actions/runners/registration-token as well.
 */
const adminGetToken: Handler = (c) => (getsToken(c.flavor) ? tokenOf(c, placeOf(c, 'admin')) : unrouted());
const adminActionsGetToken: Handler = (c) => {
  if (c.flavor.forgejo && flavorAtLeast(c.flavor, '15')) return tokenOf(c, placeOf(c, 'admin'));
  if (!listsRunners(c.flavor)) return unrouted();
  placeOf(c, 'admin');
  throw new HttpError(404, { message: 'runner with id 0: resource does not exist', url: `${c.state.apiRoot}/swagger` });
};

export const RUNNER_ROUTES: Array<[string, string, Handler]> = [
  ...routes('/repos/:owner/:repo/actions', 'repo'),
  ...routes('/orgs/:org/actions', 'org'),
  ...routes('/user/actions', 'user'),
  ['GET', '/admin/actions/runners', listRunners('admin')],
  ['GET', '/admin/actions/runners/registration-token', adminActionsGetToken],
  ['POST', '/admin/actions/runners/registration-token', postToken('admin')],
  ['DELETE', '/admin/actions/runners/:id', deleteRunner('admin')],
  ['GET', '/admin/runners/registration-token', adminGetToken],
];
