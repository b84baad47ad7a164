// An owner's packages, as Gitea and Forgejo answer them. Read at Gitea
// v1.23.8 to v1.27.0 and Forgejo v11.0.1 and v15.0.3:
// routers/api/v1/packages/package.go (ListPackages, GetPackage, DeletePackage,
// LinkPackage, UnlinkPackage), services/packages/package_update.go
// (LinkToRepository, UnlinkFromRepository), api.go (what each release routes,
// reqPackageAccess), and the answers of real Gitea 1.23.8 and 1.27.0 and
// Forgejo 11.0.1. Packages are uploaded through the registries (/api/packages/…),
// which the in-memory server does not speak: the tests add them with addPackage.
import { forbidden, HttpError, paginate } from './http.js';
import { type Call, flavorAtLeast, type Flavor, type Handler, type Reply } from './routes.js';
import type { Json, Org, State, User } from './state.js';
import { tick } from './state.js';

/** One version of a package; the repository link belongs to the package (all its versions). */
export interface StoredPackage {
  id: number;
  owner: string;
  type: string;
  name: string;
  version: string;
  creator: string;
  created_at: string;
}

interface PackagesData {
  versions: StoredPackage[];
  /** `owner/type/name` (lower case) → the linked repository's id. */
  links: Map<string, number>;
}

function packagesData(state: State): PackagesData {
  return state.extension('packages', () => ({ versions: [], links: new Map() }));
}

const keyOf = (owner: string, type: string, name: string): string => `${owner}/${type}/${name}`.toLowerCase();

/** A package version, as an upload to the owner's registry makes it. */
export function addPackage(state: State, init: { owner: string; type: string; name: string; version: string; creator?: string }): StoredPackage {
  const data = packagesData(state);
  const id = data.versions.reduce((m, p) => Math.max(m, p.id), 0) + 1;
  const stored: StoredPackage = { id, creator: init.creator ?? init.owner, created_at: tick(), ...init };
  data.versions.push(stored);
  return stored;
}

/** The packages the tests can read back: every version still there. */
export function packageVersions(state: State): readonly StoredPackage[] {
  return packagesData(state).versions;
}

/** LinkPackage and UnlinkPackage: routed from Gitea 1.24 and in every Forgejo release read (11 to 15). */
const links = (f: Flavor): boolean => f.forgejo || flavorAtLeast(f, '1.24');

function unrouted(): Reply {
  return { status: 404, raw: '404 page not found\n', headers: { 'content-type': 'text/plain; charset=utf-8' } };
}

/** context.PackageAssignmentAPI: the owner named in the path, 404 when none (message as real Gitea 1.27.0 and Forgejo 11.0.1 send it). */
function ownerOf(c: Call): User | Org {
  const name = c.params.owner ?? '';
  const owner = c.state.owner(name);
  if (!owner) throw new HttpError(404, { message: `user redirect does not exist [name: ${name}]`, url: `${c.state.apiRoot}/swagger` });
  return owner;
}

/** reqPackageAccess(AccessModeWrite): the owner, a member of the owning organization, or a site administrator. */
function mayWrite(c: Call, owner: User | Org): void {
  const login = c.user.login.toLowerCase();
  const ok = c.user.admin === true || owner.login.toLowerCase() === login || (owner.isOrg && owner.members.some((m) => m.toLowerCase() === login));
  if (!ok) throw forbidden('user should have specific permission or be a site admin');
}

/** "package does not exist", which Gitea 1.24 and later prefix with the model function that failed. */
function noPackage(c: Call, fn: string): HttpError {
  return new HttpError(404, { message: `${!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.24') ? `${fn}: ` : ''}package does not exist`, url: `${c.state.apiRoot}/swagger` });
}

function packageJson(c: Call, p: StoredPackage): Json {
  const state = c.state;
  const owner = state.owner(p.owner);
  const creator = state.owner(p.creator);
  const repoId = packagesData(state).links.get(keyOf(p.owner, p.type, p.name));
  const repo = repoId !== undefined ? state.repoById(repoId) : undefined;
  const root = state.apiRoot.replace(/\/api\/v1$/, '');
  return {
    id: p.id,
    owner: owner ? state.userJson(owner) : null,
    repository: repo ? state.repoJson(repo, c.user.login) : null,
    creator: creator ? state.userJson(creator) : null,
    type: p.type,
    name: p.name,
    version: p.version,
    html_url: `${root}/${p.owner}/-/packages/${p.type}/${encodeURIComponent(p.name)}/${encodeURIComponent(p.version)}`,
    created_at: p.created_at,
  };
}

/**
 * ListPackages: `type` (any value: an unknown one matches nothing) and `q`
 * (a part of the name, any case). Newest first on Gitea, oldest first on
 * Forgejo (as real Gitea 1.23.8 and 1.27.0 and Forgejo 11.0.1 list two versions).
 */
const listPackages: Handler = (c) => {
  const owner = ownerOf(c);
  const type = c.query.get('type') ?? '';
  const q = (c.query.get('q') ?? '').toLowerCase();
  let all = packagesData(c.state).versions.filter((p) => p.owner.toLowerCase() === owner.login.toLowerCase() && (type === '' || p.type === type) && p.name.toLowerCase().includes(q));
  all = [...all].sort((a, b) => (c.flavor.forgejo ? a.id - b.id : b.id - a.id));
  const page = paginate(all, c.query, c.url, c.paging);
  return { status: 200, body: page.items.map((p) => packageJson(c, p)), headers: page.headers };
};

function versionOf(c: Call, owner: User | Org): StoredPackage {
  const found = packagesData(c.state).versions.find(
    (p) => p.owner.toLowerCase() === owner.login.toLowerCase() && p.type === c.params.type && p.name === c.params.name && p.version === c.params.version,
  );
  if (!found) throw noPackage(c, 'GetVersionByNameAndVersion');
  return found;
}

const getPackage: Handler = (c) => ({ status: 200, body: packageJson(c, versionOf(c, ownerOf(c))) });

/** DeletePackage (DeletePackageVersion from Gitea 1.26): write access first, then the version (404). */
const deletePackage: Handler = (c) => {
  const owner = ownerOf(c);
  mayWrite(c, owner);
  const data = packagesData(c.state);
  const found = versionOf(c, owner);
  data.versions.splice(data.versions.indexOf(found), 1);
  if (!data.versions.some((p) => keyOf(p.owner, p.type, p.name) === keyOf(found.owner, found.type, found.name))) data.links.delete(keyOf(found.owner, found.type, found.name));
  return { status: 204 };
};

/** GetPackageByName: the package (any version), 404 when it has none. */
function packageKey(c: Call, owner: User | Org): string {
  const key = keyOf(owner.login, c.params.type ?? '', c.params.name ?? '');
  if (!packagesData(c.state).versions.some((p) => keyOf(p.owner, p.type, p.name) === key && p.name === c.params.name)) throw noPackage(c, 'GetPackageByName');
  return key;
}

/**
 * LinkPackage: the package (404), then the owner's repository of that name
 * (404 "repository does not exist […]"), then LinkToRepository: 400 "invalid
 * argument" when linked already (to any repository).
 */
const linkPackage: Handler = (c) => {
  if (!links(c.flavor)) return unrouted();
  const owner = ownerOf(c);
  mayWrite(c, owner);
  const key = packageKey(c, owner);
  const name = c.params.repo ?? '';
  const repo = c.state.repo(owner.login, name);
  if (!repo) throw new HttpError(404, { message: `repository does not exist [id: 0, uid: ${owner.id}, owner_name: , name: ${name}]`, url: `${c.state.apiRoot}/swagger` });
  const data = packagesData(c.state);
  if (data.links.has(key)) throw new HttpError(400, { message: 'invalid argument', url: `${c.state.apiRoot}/swagger` });
  data.links.set(key, repo.id);
  return { status: 201 };
};

/** UnlinkPackage: 400 "invalid argument" when the package is linked to no repository (UnlinkFromRepository). */
const unlinkPackage: Handler = (c) => {
  if (!links(c.flavor)) return unrouted();
  const owner = ownerOf(c);
  mayWrite(c, owner);
  const key = packageKey(c, owner);
  const data = packagesData(c.state);
  if (!data.links.has(key)) throw new HttpError(400, { message: 'invalid argument', url: `${c.state.apiRoot}/swagger` });
  data.links.delete(key);
  return { status: 204 };
};

export const PACKAGE_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/packages/:owner', listPackages],
  ['POST', '/packages/:owner/:type/:name/-/link/:repo', linkPackage],
  ['POST', '/packages/:owner/:type/:name/-/unlink', unlinkPackage],
  ['GET', '/packages/:owner/:type/:name/:version', getPackage],
  ['DELETE', '/packages/:owner/:type/:name/:version', deletePackage],
];

/**
 * The generic registry's upload (routers/api/packages/generic/generic.go
 * UploadPackage, PUT /api/packages/{owner}/generic/{name}/{version}/{file}):
 * 201, 409 for a file the version has already, 401 without credentials. The
 * bytes are not kept: only the version the API then lists.
 */
const uploadGeneric = (c: Omit<Call, 'user'> & { user: User | undefined }): Reply => {
  if (!c.user) return { status: 401 };
  const owner = c.state.owner(c.params.owner ?? '');
  if (!owner) return { status: 404 };
  const { name = '', version = '' } = c.params;
  const data = packagesData(c.state);
  if (data.versions.some((p) => p.owner.toLowerCase() === owner.login.toLowerCase() && p.type === 'generic' && p.name === name && p.version === version)) return { status: 409 };
  addPackage(c.state, { owner: owner.login, type: 'generic', name, version, creator: c.user.login });
  return { status: 201 };
};

export const PACKAGE_WEB_ROUTES: Array<[string, string, typeof uploadGeneric]> = [['PUT', '/api/packages/:owner/generic/:name/:version/:file', uploadGeneric]];
