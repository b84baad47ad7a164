// Repository settings and the user's keys, as a Gitea-family server answers
// them: stars, collaborators (whose permission then changes what they may do
// here), topics, migration from another server (which finishes after a delay
// or fails for a source that cannot be reached), mirror sync, and SSH and GPG
// keys with fingerprints computed from the key. The data lives in
// state.extension('settings') and shows in repository records.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { conflict, forbidden, HttpError, invalid, notFound } from './http.js';
import { type Call, type Handler, list, obj, type Reply, validName, visibleRepo, writableRepo } from './routes.js';
import type { Json, Org, Repo, State, User } from './state.js';
import { tick } from './state.js';
import { extraOf as repoExtraOf } from './routes-repos.js';

type Mode = 'read' | 'write' | 'admin';

export interface Mirror {
  /** Go duration as stored (`8h0m0s`), or `0s` when syncing is off. */
  interval: string;
  updated: string;
  /** Syncs asked for through the API. */
  syncs: number;
}

export interface SshKey {
  id: number;
  owner: string;
  title: string;
  content: string;
  fingerprint: string;
  created_at: string;
}

export interface DeployKey {
  id: number;
  repoId: number;
  title: string;
  content: string;
  fingerprint: string;
  readOnly: boolean;
  created_at: string;
}

export interface GpgKey {
  id: number;
  owner: string;
  keyId: string;
  armored: string;
  emails: string[];
  created_at: string;
}

export interface SettingsData {
  /** Who starred which repository (by id): logins. */
  stars: Map<number, Set<string>>;
  collaborators: Map<number, Map<string, Mode>>;
  topics: Map<number, string[]>;
  mirrors: Map<number, Mirror>;
  /** How long a migration takes before the server answers (the servers migrate within the request). */
  migrateDelayMs: number;
  /** Repositories still being migrated, by id. */
  migrating: Set<number>;
  /** [migrations] ALLOW_LOCALNETWORKS: migrating from a loopback or private address (off by default, as on the servers). */
  allowLocalNetworks: boolean;
  /** [server] LFS_START_SERVER off: no LFS objects are kept, and a migration's `lfs` is dropped. */
  lfsDisabled: boolean;
  sshKeys: SshKey[];
  deployKeys: DeployKey[];
  gpgKeys: GpgKey[];
}

export function settingsData(state: State): SettingsData {
  return state.extension('settings', () => {
    const data: SettingsData = {
      stars: new Map(),
      collaborators: new Map(),
      topics: new Map(),
      mirrors: new Map(),
      migrateDelayMs: 0,
      migrating: new Set(),
      allowLocalNetworks: false,
      lfsDisabled: false,
      sshKeys: [],
      deployKeys: [],
      gpgKeys: [],
    };
    state.grants.push((login, repo) => data.collaborators.get(repo.id)?.get(login.toLowerCase()));
    state.repoViews.push((r, json, viewer) => showSettings(state, data, r, json, viewer));
    return data;
  });
}

function showSettings(state: State, data: SettingsData, r: Repo, json: Json, viewer: string): void {
  json.stars_count = data.stars.get(r.id)?.size ?? 0;
  const topics = data.topics.get(r.id);
  if (topics !== undefined) json.topics = [...topics];
  const mirror = data.mirrors.get(r.id);
  json.mirror = mirror !== undefined;
  if (mirror) {
    json.mirror_interval = mirror.interval;
    json.mirror_updated = mirror.updated;
  }
  // services/convert/repository.go ToRepo: permissions are the viewer's access mode.
  const mode = data.collaborators.get(r.id)?.get(viewer.toLowerCase());
  if (mode && !ownerLike(state, viewer, r)) json.permissions = { admin: mode === 'admin', push: mode !== 'read', pull: true };
}

/** The owner, or a member of the owning organization (the core's notion of full access). */
function ownerLike(state: State, login: string, repo: Repo): boolean {
  if (repo.owner.toLowerCase() === login.toLowerCase()) return true;
  return Boolean(state.org(repo.owner)?.members.some((m) => m.toLowerCase() === login.toLowerCase()));
}

/** routers/api/v1/api.go reqAdmin: the owner, an organization owner, or an admin collaborator. */
function adminRepo(c: Call): Repo {
  const repo = visibleRepo(c);
  if (!c.state.canAdmin(c.user.login, repo)) throw forbidden('user should be an owner or a collaborator with admin write of a repository');
  return repo;
}

/** A 422 the way ctx.Error(422, "", err) words it: a message and no field list. */
function refused(message: string): HttpError {
  return new HttpError(422, { message, url: '' });
}

// Stars (routers/api/v1/user/star.go) ------------------------------------

function starredRepo(c: Call): Repo {
  // repoAssignment on /user/starred/{username}/{reponame}: 404 for a repository the user cannot see.
  const repo = c.state.repo(c.params.owner ?? '', c.params.repo ?? '');
  if (!repo || !c.state.canSee(c.user.login, repo)) throw notFound(c.state.apiRoot);
  return repo;
}

const isStarring: Handler = (c) => {
  const repo = starredRepo(c);
  // IsStarring: 204 when starred, a bare 404 when not.
  if (settingsData(c.state).stars.get(repo.id)?.has(c.user.login.toLowerCase())) return { status: 204 };
  throw notFound(c.state.apiRoot);
};

const starRepo: Handler = (c) => {
  const repo = starredRepo(c);
  const { stars } = settingsData(c.state);
  // models/repo/star.go StarRepo: starring twice changes nothing and still answers 204.
  const set = stars.get(repo.id) ?? new Set<string>();
  set.add(c.user.login.toLowerCase());
  stars.set(repo.id, set);
  return { status: 204 };
};

const unstarRepo: Handler = (c) => {
  const repo = starredRepo(c);
  // StarRepo(false) on a repository not starred: nothing to remove, still 204.
  settingsData(c.state).stars.get(repo.id)?.delete(c.user.login.toLowerCase());
  return { status: 204 };
};

// Collaborators (routers/api/v1/repo/collaborators.go) -------------------

/** GetUserByName: a user that does not exist is a 422 on these routes (404 on /permission). */
/**
 * The user a collaborator route names. Organizations are users to
 * user_model.GetUserByName, so an organization is found too (real Gitea
 * 1.23.8, 1.27.0 and Forgejo 11.0.1 took one as a collaborator, 204).
 */
function collaboratorUser(c: Call, status = 422): User | Org {
  const name = c.params.collaborator ?? '';
  const u = c.state.user(name) ?? c.state.org(name);
  if (!u) {
    const message = `user redirect does not exist [name: ${c.params.collaborator}]`;
    throw status === 404 ? notFound(c.state.apiRoot, message) : refused(message);
  }
  return u;
}

function collaboratorsOf(c: Call, repo: Repo): Map<string, Mode> {
  const all = settingsData(c.state).collaborators;
  let map = all.get(repo.id);
  if (!map) {
    map = new Map();
    all.set(repo.id, map);
  }
  return map;
}

const listCollaborators: Handler = (c) => {
  const repo = visibleRepo(c);
  const logins = [...collaboratorsOf(c, repo).keys()];
  const users = logins.map((l) => c.state.user(l)).filter((u): u is User => u !== undefined);
  return list(c, users, (u) => c.state.userJson(u));
};

const isCollaborator: Handler = (c) => {
  const repo = visibleRepo(c);
  const u = collaboratorUser(c);
  if (collaboratorsOf(c, repo).has(u.login.toLowerCase())) return { status: 204 };
  throw notFound(c.state.apiRoot);
};

const addCollaborator: Handler = (c) => {
  const repo = adminRepo(c);
  const u = collaboratorUser(c);
  const body = obj(c.body);
  // AddOrUpdateCollaborator: write unless a permission is given; perm.ParseAccessMode reads only read, write and admin.
  const asked = body.permission;
  if (asked !== undefined && typeof asked !== 'string') throw invalid('AddCollaboratorOption', [{ field: 'permission' }]);
  const mode: Mode = asked === 'read' || asked === 'admin' ? asked : 'write';
  collaboratorsOf(c, repo).set(u.login.toLowerCase(), mode);
  return { status: 204 };
};

const deleteCollaborator: Handler = (c) => {
  const repo = adminRepo(c);
  const u = collaboratorUser(c);
  // DeleteCollaboration of a user who is not one: nothing to remove, 204 all the same.
  collaboratorsOf(c, repo).delete(u.login.toLowerCase());
  return { status: 204 };
};

const collaboratorPermission: Handler = (c) => {
  const repo = visibleRepo(c);
  const viewerMode = collaboratorsOf(c, repo).get(c.user.login.toLowerCase());
  // GetRepoPermissions: only repository admins, or the collaborator asking about themselves.
  if (!ownerLike(c.state, c.user.login, repo) && viewerMode !== 'admin' && c.user.login.toLowerCase() !== (c.params.collaborator ?? '').toLowerCase()) {
    throw forbidden('Only admins can query all permissions, repo admins can query all repo permissions, collaborators can query only their own');
  }
  const u = collaboratorUser(c, 404);
  const mode = ownerLike(c.state, u.login, repo)
    ? repo.owner.toLowerCase() === u.login.toLowerCase()
      ? 'owner'
      : 'admin'
    : (collaboratorsOf(c, repo).get(u.login.toLowerCase()) ?? (repo.private ? 'none' : 'read'));
  // services/convert/user.go ToUserAndPermission: permission and role_name alike.
  return { status: 200, body: { permission: mode, role_name: mode, user: c.state.userJson(u) } };
};

// Topics (routers/api/v1/repo/topic.go, models/repo/topic.go) ------------

const TOPIC = /^[a-z0-9][-.a-z0-9]*$/;
const validTopic = (t: string) => t.length <= 35 && TOPIC.test(t);
const MAX_TOPICS = 25;

function topicsOf(c: Call, repo: Repo): string[] {
  const all = settingsData(c.state).topics;
  let topics = all.get(repo.id);
  if (!topics) {
    topics = [];
    all.set(repo.id, topics);
  }
  return topics;
}

const listTopics: Handler = (c) => {
  const repo = visibleRepo(c);
  const page = list(c, topicsOf(c, repo), (t) => t);
  return { ...page, body: { topics: page.body } };
};

const replaceTopics: Handler = (c) => {
  const repo = adminRepo(c);
  const given = obj(c.body).topics;
  if (given !== undefined && given !== null && !Array.isArray(given)) throw invalid('RepoTopicOptions', [{ field: 'topics' }]);
  // SanitizeAndValidateTopics: trimmed, lower-cased, empty ones and repeats dropped.
  const valid: string[] = [];
  const bad: string[] = [];
  for (const raw of (given ?? []) as unknown[]) {
    const t = String(raw).trim().toLowerCase();
    if (t === '' || valid.includes(t)) continue;
    if (validTopic(t)) valid.push(t);
    else bad.push(t);
  }
  // UpdateTopics checks the count before the names.
  if (valid.length > MAX_TOPICS) throw new HttpError(422, { invalidTopics: null, message: 'Exceeding maximum number of topics per repo' });
  if (bad.length > 0) throw new HttpError(422, { invalidTopics: bad, message: 'Topic names are invalid' });
  settingsData(c.state).topics.set(repo.id, valid.sort());
  return { status: 204 };
};

const addTopic: Handler = (c) => {
  const repo = adminRepo(c);
  const t = (c.params.topic ?? '').trim().toLowerCase();
  if (!validTopic(t)) throw new HttpError(422, { invalidTopics: t, message: 'Topic name is invalid' });
  const topics = topicsOf(c, repo);
  // AddTopic counts before it looks: a 26th topic is refused even when it is already there.
  if (topics.length >= MAX_TOPICS) throw new HttpError(422, { message: 'Exceeding maximum allowed topics per repo.' });
  if (!topics.includes(t)) {
    topics.push(t);
    topics.sort();
  }
  return { status: 204 };
};

const deleteTopic: Handler = (c) => {
  const repo = adminRepo(c);
  const t = (c.params.topic ?? '').trim().toLowerCase();
  if (!validTopic(t)) throw new HttpError(422, { invalidTopics: t, message: 'Topic name is invalid' });
  const topics = topicsOf(c, repo);
  // DeleteTopic: a bare 404 when the repository does not have it.
  if (!topics.includes(t)) throw notFound(c.state.apiRoot);
  topics.splice(topics.indexOf(t), 1);
  return { status: 204 };
};

// Migration (routers/api/v1/repo/migrate.go) and mirrors (repo/mirror.go)

/** A source the in-memory server "cannot reach": hosts under .invalid, as no resolver knows them. */
function unreachable(url: URL): boolean {
  return url.hostname.endsWith('.invalid');
}

/** migrations.IsMigrateURLAllowed with ALLOW_LOCALNETWORKS off (the default): loopback and private addresses are refused. */
function localNetwork(url: URL): boolean {
  const h = url.hostname.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\./.test(h) || /^10\./.test(h) || /^192\.168\./.test(h) || /^172\.(1[6-9]|2\d|3[01])\./.test(h);
}

/** Go's time.Duration printed (services/repository/migrate.go stores the parsed interval): 8h → 8h0m0s. */
function goDuration(text: string): { text: string; seconds: number } | undefined {
  if (text === '0') return { text: '0s', seconds: 0 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((m) => m[0]).join('') !== text) return undefined;
  const unit: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  const total = Math.round(parts.reduce((sum, m) => sum + Number(m[1]) * (unit[m[2] as string] ?? 0), 0));
  let seconds = total;
  const h = Math.floor(seconds / 3600);
  seconds -= h * 3600;
  const m = Math.floor(seconds / 60);
  seconds -= m * 60;
  return { text: h > 0 ? `${h}h${m}m${seconds}s` : m > 0 ? `${m}m${seconds}s` : `${seconds}s`, seconds: total };
}

const migrate: Handler = async (c) => {
  const body = obj(c.body);
  const problems = [];
  // MigrateRepoOptions: clone_addr and repo_name are Required; repo_name is AlphaDashDot, at most 100.
  if (typeof body.clone_addr !== 'string' || body.clone_addr === '') problems.push({ field: 'clone_addr', code: 'required' });
  if (typeof body.repo_name !== 'string' || body.repo_name === '') problems.push({ field: 'repo_name', code: 'required' });
  else if (!validName(body.repo_name)) problems.push({ field: 'repo_name', code: 'AlphaDashDot' });
  if (problems.length > 0) throw invalid('MigrateRepoOptions', problems);
  const ownerName = typeof body.repo_owner === 'string' && body.repo_owner !== '' ? body.repo_owner : c.user.login;
  const owner = c.state.owner(ownerName);
  if (!owner) throw refused(`user redirect does not exist [name: ${ownerName}]`);
  if (!owner.isOrg && owner.login !== c.user.login) throw forbidden('Given user is not an organization.');
  if (owner.isOrg && !owner.members.includes(c.user.login)) throw forbidden('Given user is not owner of organization.');
  let url: URL;
  try {
    // forms.ParseRemoteAddr: http, https and git addresses only.
    url = new URL(String(body.clone_addr));
    if (!['http:', 'https:', 'git:'].includes(url.protocol)) throw new Error('scheme');
  } catch {
    throw refused('invalid url');
  }
  if (localNetwork(url) && !settingsData(c.state).allowLocalNetworks) throw refused('You can not import from disallowed hosts.');
  const name = String(body.repo_name);
  if (c.state.repo(owner.login, name)) throw conflict('The repository with the same name already exists.');
  const data = settingsData(c.state);
  const mirror = body.mirror === true;
  // CreateRepositoryDirectly, status "being migrated": the repository exists (empty) while the copy runs.
  const repo = c.state.addRepo(owner.login, name, { private: body.private === true, ...(typeof body.description === 'string' ? { description: body.description } : {}) });
  data.migrating.add(repo.id);
  // The copy runs on the server's own context (graceful.GetManager().HammerContext()), so a client that
  // stops waiting does not stop it; the answer comes when it is done.
  const finished = (async (): Promise<Reply> => {
    await sleep(data.migrateDelayMs);
    data.migrating.delete(repo.id);
    const shown = new URL(url.href);
    // util.SanitizeErrorCredentialURLs: credentials in an address are masked in the message.
    if (shown.username || shown.password) [shown.username, shown.password] = ['(masked)', ''];
    const fail = () => c.state.deleteRepo(repo);
    if (unreachable(url)) {
      fail();
      // handleMigrateError: a git failure ("fatal:") is a 422 "Migration failed: …".
      throw refused(`Migration failed: exit status 128 - fatal: unable to access '${shown.href}': Could not resolve host: ${url.hostname}.`);
    }
    if (mirror) {
      const interval = typeof body.mirror_interval === 'string' && body.mirror_interval !== '' ? goDuration(body.mirror_interval) : { text: '8h0m0s', seconds: 28_800 };
      const tooShort = interval !== undefined && interval.seconds !== 0 && interval.seconds < 600;
      // services/repository/migrate.go: an interval that does not parse, or is under the 10 minute minimum,
      // fails the migration after the repository was made; handleMigrateError answers 500.
      if (interval === undefined || tooShort) {
        fail();
        throw new HttpError(500, { message: 'MigrateRepository', url: '' });
      }
      data.mirrors.set(repo.id, { interval: interval.text, updated: tick(), syncs: 0 });
      // Gitea makes a pull mirror without the pull request unit (a mirror takes no pull requests); Forgejo keeps it
      // (recorded from real Gitea 1.23.8 and 1.27.0, Forgejo 11.0.1).
      if (!c.flavor.forgejo) repoExtraOf(c.state, repo).has_pull_requests = false;
    }
    repo.branches.push('main');
    // util.SanitizeURL: the user part goes, a query (an ?access_token=) stays.
    const original = new URL(url.href);
    [original.username, original.password] = ['', ''];
    repoExtraOf(c.state, repo).original_url = original.href;
    return { status: 201, body: c.state.repoJson(repo, c.user.login) };
  })();
  return finished;
};

/** routers/api/v1/settings/settings.go GetGeneralRepoSettings (Forgejo adds forks_disabled). */
const repoSettings: Handler = (c) => ({
  status: 200,
  body: {
    mirrors_disabled: false,
    http_git_disabled: false,
    migrations_disabled: false,
    stars_disabled: false,
    time_tracking_disabled: false,
    lfs_disabled: settingsData(c.state).lfsDisabled,
    ...(c.flavor.forgejo ? { forks_disabled: false } : {}),
  },
});

const mirrorSync: Handler = (c) => {
  // reqRepoWriter(unit.TypeCode): 403 without write access.
  const repo = writableRepo(c);
  const mirror = settingsData(c.state).mirrors.get(repo.id);
  if (!mirror) throw new HttpError(400, { message: 'Repository is not a mirror', url: '' });
  // AddPullMirrorToQueue: the sync happens later; the answer is an empty 200.
  mirror.syncs++;
  mirror.updated = tick();
  return { status: 200 };
};

// SSH keys (routers/api/v1/user/key.go, models/asymkey/ssh_key*.go) -----

/** CheckPublicKeyString and the fingerprint the servers store (SHA256:, unpadded base64). */
function parseSsh(text: string): { content: string; fingerprint: string } | undefined {
  const words = text.trim().split(/\s+/);
  const [type, b64] = words;
  if (!type || !b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return undefined;
  const blob = Buffer.from(b64, 'base64');
  if (blob.length < 4) return undefined;
  const n = blob.readUInt32BE(0);
  if (n > 64 || blob.subarray(4, 4 + n).toString('latin1') !== type) return undefined;
  // The comment stays (recorded from real Gitea 1.23.8 and 1.27.0: `ssh-ed25519 AAAA… kettle-recording`).
  const comment = words.slice(2).join(' ');
  return { content: `${type} ${b64}${comment ? ` ${comment}` : ''}`, fingerprint: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}` };
}

function sshKeyJson(c: Call, k: SshKey): Json {
  const owner = c.state.user(k.owner);
  return {
    id: k.id,
    key: k.content,
    url: `${c.state.apiRoot}/user/keys/${k.id}`,
    title: k.title,
    fingerprint: k.fingerprint,
    created_at: k.created_at,
    // appendPrivateInformation: the owner sees the key type and user; a user key's record has no read_only (recorded
    // from real Gitea 1.23.8 and 1.27.0).
    key_type: 'user',
    user: owner ? c.state.userJson(owner) : null,
  };
}

const listSshKeys: Handler = (c) => {
  const mine = settingsData(c.state).sshKeys.filter((k) => k.owner === c.user.login);
  return list(c, mine, (k) => sshKeyJson(c, k));
};

/**
 * The body of an ssh key, account's or deploy: CreateKeyOption's key and title
 * are Required, and the key must parse (HandleCheckKeyStringError).
 */
function sshKeyBody(c: Call) {
  const body = obj(c.body);
  const problems = [];
  if (typeof body.key !== 'string' || body.key.trim() === '') problems.push({ field: 'key', code: 'required' });
  if (typeof body.title !== 'string' || body.title.trim() === '') problems.push({ field: 'title', code: 'required' });
  if (problems.length > 0) throw invalid('CreateKeyOption', problems);
  const parsed = parseSsh(String(body.key));
  if (!parsed) throw refused('Invalid key content: no key found');
  return { body, parsed };
}

const addSshKey: Handler = (c) => {
  const { body, parsed } = sshKeyBody(c);
  const data = settingsData(c.state);
  // AddPublicKey: a fingerprint any key already has (an account's or a deploy key) is refused, then a title the owner already uses.
  if ([...data.sshKeys, ...data.deployKeys].some((k) => k.fingerprint === parsed.fingerprint)) throw refused('Key content has been used as non-deploy key');
  if (data.sshKeys.some((k) => k.owner === c.user.login && k.title === body.title)) throw refused('Key title has been used');
  const key: SshKey = { id: c.state.id(), owner: c.user.login, title: String(body.title), content: parsed.content, fingerprint: parsed.fingerprint, created_at: tick() };
  data.sshKeys.push(key);
  return { status: 201, body: sshKeyJson(c, key) };
};

function keyId(c: Call): number {
  const raw = c.params.id ?? '';
  if (!/^\d+$/.test(raw)) throw notFound(c.state.apiRoot);
  return Number(raw);
}

const getSshKey: Handler = (c) => {
  const id = keyId(c);
  const key = settingsData(c.state).sshKeys.find((k) => k.id === id);
  if (!key) throw notFound(c.state.apiRoot);
  return { status: 200, body: sshKeyJson(c, key) };
};

const deleteSshKey: Handler = (c) => {
  const id = keyId(c);
  const data = settingsData(c.state);
  const key = data.sshKeys.find((k) => k.id === id);
  if (!key) throw notFound(c.state.apiRoot);
  // services/asymkey/ssh_key.go DeletePublicKey: another account's key is ErrKeyAccessDenied, a 403.
  if (key.owner !== c.user.login) throw forbidden('You do not have access to this key');
  data.sshKeys = data.sshKeys.filter((k) => k !== key);
  return { status: 204 };
};

// Deploy keys (routers/api/v1/repo/key.go, models/asymkey/ssh_key_deploy.go)

function deployKeyJson(c: Call, repo: Repo, k: DeployKey): Json {
  return {
    id: k.id,
    key_id: k.id,
    key: k.content,
    url: `${c.state.apiRoot}/repos/${repo.owner}/${repo.name}/keys/${k.id}`,
    title: k.title,
    fingerprint: k.fingerprint,
    created_at: k.created_at,
    // appendPrivateInformation: read_only from the key's mode, and its repository.
    read_only: k.readOnly,
    repository: c.state.repoJson(repo, c.user.login),
  };
}

const listDeployKeys: Handler = (c) => {
  const repo = adminRepo(c);
  return list(
    c,
    settingsData(c.state).deployKeys.filter((k) => k.repoId === repo.id),
    (k) => deployKeyJson(c, repo, k),
  );
};

const addDeployKey: Handler = (c) => {
  const repo = adminRepo(c);
  const { body, parsed } = sshKeyBody(c);
  const data = settingsData(c.state);
  // AddDeployKey: an account's key cannot also be a deploy key; the same key or title twice in one repository is refused.
  if (data.sshKeys.some((k) => k.fingerprint === parsed.fingerprint)) throw refused('Key content has been used as non-deploy key');
  const here = data.deployKeys.filter((k) => k.repoId === repo.id);
  if (here.some((k) => k.fingerprint === parsed.fingerprint)) throw refused('This key has already been added to this repository');
  if (here.some((k) => k.title === body.title)) throw refused('A key with the same name already exists');
  // CreateKeyOption.read_only: absent means a key with write access.
  const key: DeployKey = {
    id: c.state.id(),
    repoId: repo.id,
    title: String(body.title),
    content: parsed.content,
    fingerprint: parsed.fingerprint,
    readOnly: body.read_only === true,
    created_at: tick(),
  };
  data.deployKeys.push(key);
  // The answer to a new deploy key names no repository; the list's records do (recorded from real Gitea 1.27.0, Forgejo 11.0.1).
  const { repository: _repository, ...made } = deployKeyJson(c, repo, key);
  return { status: 201, body: made };
};

const deleteDeployKey: Handler = (c) => {
  adminRepo(c);
  const id = keyId(c);
  const data = settingsData(c.state);
  const key = data.deployKeys.find((k) => k.id === id);
  // models/repo.go DeleteDeployKey: by id alone, whatever repository the path names; an id that is no
  // deploy key is nil (204); a key of a repository the user does not administer is ErrKeyAccessDenied.
  if (!key) return { status: 204 };
  const owning = c.state.repoById(key.repoId);
  const mode = owning ? data.collaborators.get(owning.id)?.get(c.user.login.toLowerCase()) : undefined;
  if (!owning || (!ownerLike(c.state, c.user.login, owning) && mode !== 'admin')) throw forbidden('You do not have access to this key');
  data.deployKeys = data.deployKeys.filter((k) => k !== key);
  return { status: 204 };
};

// GPG keys (routers/api/v1/user/gpg_key.go, models/asymkey/gpg_key*.go) --

/** The primary key's id (v4 fingerprint's last 16 hex digits) and the e-mail addresses of its user ids. */
function parseGpg(armored: string): { keyId: string; emails: string[] } | undefined {
  const m = /-----BEGIN PGP PUBLIC KEY BLOCK-----([\s\S]*?)-----END PGP PUBLIC KEY BLOCK-----/.exec(armored);
  if (!m) return undefined;
  const b64 = (m[1] ?? '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !/^[A-Za-z-]+: /.test(l) && !l.startsWith('='))
    .join('');
  const bytes = Buffer.from(b64, 'base64');
  let at = 0;
  let id: string | undefined;
  const emails: string[] = [];
  while (at < bytes.length) {
    const first = bytes[at] ?? 0;
    if ((first & 0x80) === 0) return undefined;
    let tag: number;
    let len: number;
    let start: number;
    if (first & 0x40) {
      tag = first & 0x3f;
      const o1 = bytes[at + 1] ?? 0;
      if (o1 < 192) [len, start] = [o1, at + 2];
      else if (o1 < 224) [len, start] = [((o1 - 192) << 8) + (bytes[at + 2] ?? 0) + 192, at + 3];
      else if (o1 === 255) [len, start] = [bytes.readUInt32BE(at + 2), at + 6];
      else return undefined;
    } else {
      tag = (first >> 2) & 0x0f;
      const kind = first & 3;
      if (kind === 0) [len, start] = [bytes[at + 1] ?? 0, at + 2];
      else if (kind === 1) [len, start] = [bytes.readUInt16BE(at + 1), at + 3];
      else if (kind === 2) [len, start] = [bytes.readUInt32BE(at + 1), at + 5];
      else return undefined;
    }
    if (start + len > bytes.length) return undefined;
    const body = bytes.subarray(start, start + len);
    if (tag === 6 && id === undefined) {
      if (body[0] !== 4) return undefined;
      const head = Buffer.from([0x99, (len >> 8) & 0xff, len & 0xff]);
      id = createHash('sha1').update(head).update(body).digest('hex').toUpperCase().slice(-16);
    }
    if (tag === 13) {
      const email = /<([^>]+)>/.exec(body.toString('utf8'))?.[1];
      if (email) emails.push(email);
    }
    at = start + len;
  }
  return id === undefined ? undefined : { keyId: id, emails };
}

/**
 * The primary key's packet as the servers keep it (models/asymkey/gpg_key_add.go: the key serialized,
 * in base64, no armour): a new-format header (tag 6) and the packet's body.
 */
function primaryPacket(armored: string): string {
  const m = /-----BEGIN PGP PUBLIC KEY BLOCK-----([\s\S]*?)-----END PGP PUBLIC KEY BLOCK-----/.exec(armored);
  const b64 = (m?.[1] ?? '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !/^[A-Za-z-]+: /.test(l) && !l.startsWith('='))
    .join('');
  const bytes = Buffer.from(b64, 'base64');
  const first = bytes[0] ?? 0;
  let len: number;
  let start: number;
  if (first & 0x40) {
    const o1 = bytes[1] ?? 0;
    if (o1 < 192) [len, start] = [o1, 2];
    else if (o1 < 224) [len, start] = [((o1 - 192) << 8) + (bytes[2] ?? 0) + 192, 3];
    else [len, start] = [bytes.readUInt32BE(2), 6];
  } else {
    const kind = first & 3;
    [len, start] = kind === 0 ? [bytes[1] ?? 0, 2] : kind === 1 ? [bytes.readUInt16BE(1), 3] : [bytes.readUInt32BE(1), 5];
  }
  const body = bytes.subarray(start, start + len);
  const head =
    len < 192
      ? Buffer.from([0xc6, len])
      : len < 8384
        ? Buffer.from([0xc6, ((len - 192) >> 8) + 192, (len - 192) & 0xff])
        : Buffer.from([0xc6, 0xff, len >>> 24, (len >> 16) & 0xff, (len >> 8) & 0xff, len & 0xff]);
  return Buffer.concat([head, body]).toString('base64');
}

function gpgKeyJson(k: GpgKey): Json {
  // services/convert/convert.go ToGPGKey; a key that never expires says Go's zero time (recorded).
  return {
    id: k.id,
    primary_key_id: '',
    key_id: k.keyId,
    public_key: primaryPacket(k.armored),
    emails: k.emails.map((email) => ({ email, verified: true })),
    subsKey: [],
    can_sign: true,
    can_encrypt_comms: false,
    can_encrypt_storage: false,
    can_certify: true,
    verified: false,
    created_at: k.created_at,
    expires_at: '0001-01-01T00:00:00Z',
  };
}

const listGpgKeys: Handler = (c) => {
  const mine = settingsData(c.state).gpgKeys.filter((k) => k.owner === c.user.login);
  return list(c, mine, gpgKeyJson);
};

const addGpgKey: Handler = (c) => {
  const body = obj(c.body);
  // CreateGPGKeyOption: armored_public_key is Required.
  if (typeof body.armored_public_key !== 'string' || body.armored_public_key === '') throw invalid('CreateGPGKeyOption', [{ field: 'armored_public_key', code: 'required' }]);
  const parsed = parseGpg(body.armored_public_key);
  if (!parsed) throw new HttpError(422, { message: 'failed to parse gpg key openpgp: invalid data', url: '' });
  const data = settingsData(c.state);
  // AddGPGKey: a key id any account already has is refused.
  if (data.gpgKeys.some((k) => k.keyId === parsed.keyId)) throw new HttpError(422, { message: 'A key with the same id already exists', url: '' });
  // Only the key's addresses that are the account's (activated) ones are kept; none is a 404 (GPGNoEmailFound).
  const emails = parsed.emails.filter((e) => e.toLowerCase() === c.user.email.toLowerCase());
  if (emails.length === 0) {
    const token = createHash('sha256').update(`${c.user.login}:token`).digest('hex');
    throw notFound(c.state.apiRoot, `None of the emails attached to the GPG key could be found. It may still be added if you provide a valid signature for the token: ${token}`);
  }
  const key: GpgKey = { id: c.state.id(), owner: c.user.login, keyId: parsed.keyId, armored: body.armored_public_key, emails, created_at: tick() };
  data.gpgKeys.push(key);
  return { status: 201, body: gpgKeyJson(key) };
};

const getGpgKey: Handler = (c) => {
  const id = keyId(c);
  const key = settingsData(c.state).gpgKeys.find((k) => k.id === id && k.owner === c.user.login);
  if (!key) throw notFound(c.state.apiRoot);
  return { status: 200, body: gpgKeyJson(key) };
};

const deleteGpgKey: Handler = (c) => {
  const id = keyId(c);
  const data = settingsData(c.state);
  // models/asymkey/gpg_key.go DeleteGPGKey looks the key up among the user's own and, when it is not
  // there (another account's, or none at all), returns nil: the answer is 204 and nothing was deleted.
  data.gpgKeys = data.gpgKeys.filter((k) => !(k.id === id && k.owner === c.user.login));
  return { status: 204 };
};

export const SETTINGS_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/settings/repository', repoSettings],
  ['GET', '/user/starred/:owner/:repo', isStarring],
  ['PUT', '/user/starred/:owner/:repo', starRepo],
  ['DELETE', '/user/starred/:owner/:repo', unstarRepo],
  ['GET', '/repos/:owner/:repo/collaborators', listCollaborators],
  ['GET', '/repos/:owner/:repo/collaborators/:collaborator', isCollaborator],
  ['PUT', '/repos/:owner/:repo/collaborators/:collaborator', addCollaborator],
  ['DELETE', '/repos/:owner/:repo/collaborators/:collaborator', deleteCollaborator],
  ['GET', '/repos/:owner/:repo/collaborators/:collaborator/permission', collaboratorPermission],
  ['GET', '/repos/:owner/:repo/topics', listTopics],
  ['PUT', '/repos/:owner/:repo/topics', replaceTopics],
  ['PUT', '/repos/:owner/:repo/topics/:topic', addTopic],
  ['DELETE', '/repos/:owner/:repo/topics/:topic', deleteTopic],
  ['POST', '/repos/migrate', migrate],
  ['POST', '/repos/:owner/:repo/mirror-sync', mirrorSync],
  ['GET', '/user/keys', listSshKeys],
  ['POST', '/user/keys', addSshKey],
  ['GET', '/user/keys/:id', getSshKey],
  ['DELETE', '/user/keys/:id', deleteSshKey],
  ['GET', '/repos/:owner/:repo/keys', listDeployKeys],
  ['POST', '/repos/:owner/:repo/keys', addDeployKey],
  ['DELETE', '/repos/:owner/:repo/keys/:id', deleteDeployKey],
  ['GET', '/user/gpg_keys', listGpgKeys],
  ['POST', '/user/gpg_keys', addGpgKey],
  ['GET', '/user/gpg_keys/:id', getGpgKey],
  ['DELETE', '/user/gpg_keys/:id', deleteGpgKey],
];
