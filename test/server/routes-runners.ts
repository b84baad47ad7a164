// Actions runners and their registration tokens, of a repository, an
// organization, the user and the instance, as Gitea and Forgejo answer them.
// Read at Gitea v1.23.8 to v1.27.0 and Forgejo v11.0.1 and v15.0.3:
// routers/api/v1/api.go (which release routes what), routers/api/v1/shared/runners.go
// (GetRegistrationToken, ListRunners, GetRunner, DeleteRunner),
// routers/api/actions/runner/runner.go (Register, the runner protocol's call
// that makes a runner), and the answers of real Gitea 1.23.8 and 1.27.0 and
// Forgejo 11.0.1.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forbidden, HttpError, notFound, paginate } from './http.js';
import { type Call, flavorAtLeast, type Flavor, type Handler, type Reply, visibleRepo } from './routes.js';
import type { State } from './state.js';

/**
 * A runner as the server keeps it: whose (ownerId, repoId; both 0 for the
 * instance's) and what it shows. `status` is models/actions/runner.go
 * Status(): offline (not heard from for a minute: a runner registered but
 * never started), idle (polling), active (at work within ten seconds).
 */
export interface StoredRunner {
  id: number;
  uuid: string;
  name: string;
  ownerId: number;
  repoId: number;
  status: 'offline' | 'idle' | 'active';
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
  /** The last id given: a deleted runner's id is not given again (the table's autoincrement). */
  lastId: number;
}

export function runnersData(state: State): RunnersData {
  return state.extension('runners', () => ({ runners: [], tokens: new Map(), issued: [], lastId: 0 }));
}

/** No runner and no registration token, ids from the start again: a test's clean slate. */
export function clearRunners(state: State): void {
  const data = runnersData(state);
  data.runners.length = 0;
  data.tokens.clear();
  data.issued.length = 0;
  data.lastId = 0;
}

/** A runner registered by the tests or the demo, as act_runner's Register would make it. */
export function addRunner(state: State, init: Partial<StoredRunner> & { name: string }): StoredRunner {
  const data = runnersData(state);
  const id = data.runners.reduce((m, r) => Math.max(m, r.id), data.lastId) + 1;
  data.lastId = id;
  const runner: StoredRunner = {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    ownerId: 0,
    repoId: 0,
    status: 'offline',
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

/**
 * The runner twin (routes-actions.ts runNow) as the instance knows it: the
 * host-mode act_runner beside the recorded real Gitea 1.27.0 was registered
 * with the instance's token under this name, with the label ubuntu-latest, and
 * polls (online, not busy once its jobs are done), as `GET
 * /admin/actions/runners` answered there.
 */
export function addHostRunner(state: State): StoredRunner {
  return addRunner(state, { name: 'host-runner-3911', status: 'idle', labels: ['ubuntu-latest'], version: 'v1.0.8' });
}

/**
 * Whether a runner's or a token's owner or repository is gone: services/repository/delete.go deletes a
 * repository's runners and registration tokens with it, services/user/delete.go and services/org a user's and an
 * organization's (Gitea 1.23.8 to 1.27.0, Forgejo 11.0.1); the in-memory server leaves them and passes them over.
 */
function gone(state: State, ownerId: number, repoId: number): boolean {
  if (repoId > 0 && state.repoById(repoId) === undefined) return true;
  return ownerId > 0 && !state.users.some((u) => u.id === ownerId) && !state.orgs.some((o) => o.id === ownerId);
}

/** The runners that are there (those of a deleted place went with it). */
function present(state: State): StoredRunner[] {
  return runnersData(state).runners.filter((r) => !gone(state, r.ownerId, r.repoId));
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

/**
 * Gitea 1.24 and later's record (services/convert ToActionRunner): status
 * `online` or `offline` (IsOnline: idle or active is online), `busy` when
 * active, `disabled` from 1.26, labels as records numbered by their place
 * ({id: 0, name, type: "custom"}, {id: 1, …}), as real Gitea 1.27.0 lists
 * them. Forgejo 15's (ToActionRunner there): the status word itself
 * (offline, idle, active), labels as names, uuid, version…
 */
function runnerJson(f: Flavor, r: StoredRunner): unknown {
  if (f.forgejo) {
    return { id: r.id, uuid: r.uuid, name: r.name, version: r.version, owner_id: r.ownerId, repo_id: r.repoId, description: r.description, labels: r.labels, status: r.status, ephemeral: r.ephemeral };
  }
  return {
    id: r.id,
    name: r.name,
    status: r.status === 'offline' ? 'offline' : 'online',
    busy: r.status === 'active',
    ...(flavorAtLeast(f, '1.26') ? { disabled: r.disabled } : {}),
    ephemeral: r.ephemeral,
    labels: r.labels.map((name, i) => ({ id: i, name, type: 'custom' })),
  };
}

/**
 * FindRunnerOptions.ToOrders: `last_online DESC` (Gitea 1.27 adds `id ASC`
 * to break ties; real Gitea 1.27.0 lists runners never heard from by id, as
 * the older releases' SQLite does): the polling runners first, each group by
 * id. The in-memory server keeps no moment of last contact, so polling
 * runners among themselves go by id too.
 */
function byLastOnline(a: StoredRunner, b: StoredRunner): number {
  return Number(a.status === 'offline') - Number(b.status === 'offline') || a.id - b.id;
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
    const all = present(c.state)
      .filter((r) => listedBy(c, place, r))
      .sort(byLastOnline);
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
    const runner = present(c.state).find((r) => r.id === id);
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

/** The runner protocol's error: Connect's JSON ({code, message}) with the status its code maps to. */
function connectError(res: ServerResponse, status: number, code: string, message: string): true {
  const text = JSON.stringify({ code, message });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
  return true;
}

/** What Register reads of its request (runnerv1.RegisterRequest as protojson reads it: unknown fields dropped, null as unset). */
interface RegisterRequest {
  name: string;
  token: string;
  version: string;
  labels: string[];
  ephemeral: boolean;
}

/** The request body as protojson reads it, or why not (connect's invalid_argument "unmarshal message: …"). */
function registerRequest(bodyText: string): RegisterRequest | string {
  const why = 'unmarshal message: unmarshal into *runnerv1.RegisterRequest: proto: ';
  if (bodyText === '') return 'unmarshal message: zero-length payload is not a valid JSON object';
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return `${why}syntax error`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return `${why}unexpected token`;
  const b = body as Record<string, unknown>;
  const out: RegisterRequest = { name: '', token: '', version: '', labels: [], ephemeral: false };
  for (const key of ['name', 'token', 'version'] as const) {
    const v = b[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return `${why}invalid value for string field ${key}: ${JSON.stringify(v)}`;
    out[key] = v;
  }
  if (b.labels !== undefined && b.labels !== null) {
    if (!Array.isArray(b.labels) || b.labels.some((l) => typeof l !== 'string')) return `${why}invalid value for repeated string field labels`;
    out.labels = b.labels as string[];
  }
  if (b.ephemeral !== undefined && b.ephemeral !== null) {
    if (typeof b.ephemeral !== 'boolean') return `${why}invalid value for bool field ephemeral: ${JSON.stringify(b.ephemeral)}`;
    out.ephemeral = b.ephemeral;
  }
  return out;
}

/**
 * The runner protocol's Register (POST /api/actions/runner.v1.RunnerService/Register,
 * routers/api/actions/runner/runner.go Service.Register behind connect-go's
 * handler), as act_runner and forgejo-runner call it to make a runner, in the
 * Connect protocol's JSON form (application/proto and gRPC are not modelled:
 * 415 here, as the real one answers any other type). No credentials: the registration token in the body says
 * whose runner it is (the interceptor lets Register through unchecked).
 * Refusals: Gitea returns plain errors, which connect sends as `unknown`
 * (500); Forgejo says invalid_argument (400). A token stays usable after a
 * registration (Register sets it active again). The answer is protojson: the
 * id as a string, empty fields left out; ephemeral is kept from Gitea 1.24 and
 * Forgejo 15. Names longer than 255 bytes (cut there) are not modelled.
 * As real Gitea 1.23.8 and 1.27.0 and Forgejo 11.0.1 answered.
 */
export function handleRunnerService(state: State, res: ServerResponse, url: URL, method: string, req: IncomingMessage, bodyText: string, base: string, f: Flavor): boolean {
  if (url.pathname !== `${base}/api/actions/runner.v1.RunnerService/Register`) return false;
  if (method !== 'POST') {
    res.writeHead(405, { allow: 'POST' });
    res.end();
    return true;
  }
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase();
  if (type !== 'application/json') {
    res.writeHead(415, {
      'accept-post':
        'application/grpc, application/grpc+json, application/grpc+json; charset=utf-8, application/grpc+proto, application/grpc-web, application/grpc-web+json, application/grpc-web+json; charset=utf-8, application/grpc-web+proto, application/json, application/json; charset=utf-8, application/proto',
    });
    res.end();
    return true;
  }
  const msg = registerRequest(bodyText);
  if (typeof msg === 'string') return connectError(res, 400, 'invalid_argument', msg);
  // Gitea: errors.New, sent as connect's CodeUnknown; Forgejo: connect.NewError with a code of its own.
  const refuse = (message: string) => (f.forgejo ? connectError(res, 400, 'invalid_argument', message) : connectError(res, 500, 'unknown', message));
  if (msg.token === '' || msg.name === '') return refuse('missing runner token, name');
  const data = runnersData(state);
  // GetRunnerToken: a token of a deleted place went with it (the checks of its owner and repository after it then pass).
  const place = [...data.tokens].find(([, t]) => t === msg.token)?.[0];
  const [ownerId = 0, repoId = 0] = (place ?? '').split(':').map(Number);
  if (place === undefined || gone(state, ownerId, repoId)) return refuse('runner registration token not found');
  const ephemeral = msg.ephemeral && (f.forgejo ? flavorAtLeast(f, '15') : flavorAtLeast(f, '1.24'));
  const runner = addRunner(state, { name: msg.name, uuid: randomUUID(), ownerId, repoId, status: 'offline', labels: msg.labels, version: msg.version, ephemeral });
  const answer = {
    runner: {
      id: String(runner.id),
      uuid: runner.uuid,
      token: randomBytes(20).toString('hex'),
      name: runner.name,
      ...(runner.version !== '' ? { version: runner.version } : {}),
      ...(runner.labels.length > 0 ? { labels: runner.labels } : {}),
      ...(runner.ephemeral ? { ephemeral: true } : {}),
    },
  };
  const text = JSON.stringify(answer);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
  return true;
}
