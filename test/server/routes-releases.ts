// Releases, their assets and tags, as Gitea 1.23 answers them. Asset bytes
// live on disk, in a folder of the server's own, never in memory: the upload
// route reads its body as a stream (STREAMED_RELEASE_ROUTES) and the download
// route (browser_download_url, /attachments/{uuid} as on Gitea) streams the
// file back. Deleting a release keeps its tag, as Gitea does; deleting a tag
// that still has a release is refused with 409.
import { flavorAtLeast, obj, visibleRepo, writableRepo } from './routes.js';
import { extraOf as repoExtraOf } from './routes-repos.js';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { conflict, HttpError, invalid, notFound, paginate } from './http.js';
import type { Call, Handler, Reply } from './routes.js';
import { type Json, type Repo, type State, tick, type User } from './state.js';

export interface Asset {
  id: number;
  name: string;
  size: number;
  download_count: number;
  created_at: string;
  uuid: string;
  /** Where its bytes are. */
  file: string;
}

export interface ReleaseRecord {
  id: number;
  repoId: number;
  tag_name: string;
  target_commitish: string;
  name: string;
  body: string;
  draft: boolean;
  prerelease: boolean;
  author: string;
  created_at: string;
  published_at: string | null;
  assets: Asset[];
}

export interface Tag {
  repoId: number;
  name: string;
  sha: string;
  /** An annotated tag's message (POST …/tags with a message); none for a lightweight one. */
  message?: string;
  /** An annotated tag's own object id, which the answers name as the tag's id. */
  object?: string;
}

export interface ReleaseData {
  releases: ReleaseRecord[];
  tags: Tag[];
  /** The folder the asset bytes are kept in. */
  dir: string;
  /** Where browser_download_url points (tests move it to another host); the server's own root by default. */
  downloadRoot: string | undefined;
}

/** Asset folders of servers not closed yet; one exit listener for them all. */
const leftBehind = new Set<() => void>();
process.once('exit', () => {
  for (const remove of leftBehind) remove();
});

export function releaseData(state: State): ReleaseData {
  return state.extension('releases', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kettle-server-assets-'));
    // Large generated files must not outlive the server: removed when it
    // closes, or when a process that never closes it (the demo) exits.
    const remove = () => rmSync(dir, { recursive: true, force: true });
    leftBehind.add(remove);
    state.onDispose(() => {
      remove();
      leftBehind.delete(remove);
    });
    return { releases: [], tags: [], dir, downloadRoot: undefined };
  });
}

/** Remove the asset files now (a test that made large ones). */
export function removeAssetFiles(state: State): void {
  const data = releaseData(state);
  for (const r of data.releases) for (const a of r.assets) rmSync(a.file, { force: true });
}

function fakeSha(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h.toString(16).padStart(8, '0').repeat(5).slice(0, 40);
}

// Records as Gitea shows them ---------------------------------------------

function repoOf(state: State, r: ReleaseRecord): Repo {
  return state.repoById(r.repoId) as Repo;
}

/**
 * services/convert/attachment.go ToAPIAttachment: a release asset is
 * downloaded at `<instance>/<owner>/<repo>/releases/download/<tag>/<name>`
 * (recorded from real Gitea 1.23.8 and 1.27.0); `/attachments/<uuid>` serves
 * it too.
 */
export function assetJson(state: State, a: Asset): Json {
  const root = releaseData(state).downloadRoot ?? state.webRoot;
  const release = releaseData(state).releases.find((r) => r.assets.includes(a));
  const repo = release ? repoOf(state, release) : undefined;
  const url = release && repo ? `${root}/${repo.owner}/${repo.name}/releases/download/${encodeURIComponent(release.tag_name)}/${encodeURIComponent(a.name)}` : `${root}/attachments/${a.uuid}`;
  return { id: a.id, name: a.name, size: a.size, download_count: a.download_count, created_at: a.created_at, uuid: a.uuid, browser_download_url: url };
}

export function releaseJson(state: State, r: ReleaseRecord): Json {
  const repo = repoOf(state, r);
  const full = `${repo.owner}/${repo.name}`;
  const author = state.user(r.author);
  return {
    id: r.id,
    tag_name: r.tag_name,
    target_commitish: r.target_commitish,
    name: r.name,
    body: r.body,
    url: `${state.apiRoot}/repos/${full}/releases/${r.id}`,
    html_url: `${state.webRoot}/${full}/releases/tag/${encodeURIComponent(r.tag_name)}`,
    tarball_url: `${state.webRoot}/${full}/archive/${encodeURIComponent(r.tag_name)}.tar.gz`,
    zipball_url: `${state.webRoot}/${full}/archive/${encodeURIComponent(r.tag_name)}.zip`,
    upload_url: `${state.apiRoot}/repos/${full}/releases/${r.id}/assets`,
    draft: r.draft,
    prerelease: r.prerelease,
    created_at: r.created_at,
    published_at: r.published_at,
    author: author ? state.userJson(author) : null,
    assets: r.assets.map((a) => assetJson(state, a)),
  };
}

/**
 * convert.go ToTag: the id is the tag's object (an annotated tag's own, a
 * lightweight tag's commit), and so is the commit's url (ToCommitMeta), the
 * commit's sha the commit's. An annotated tag's message keeps git's closing
 * newline on Gitea 1.27 and not on 1.23 or Forgejo 11 (all three recorded;
 * the releases between are not).
 */
function tagJson(c: Call, repo: Repo, t: Tag): Json {
  const state = c.state;
  const full = `${repo.owner}/${repo.name}`;
  const id = t.object ?? t.sha;
  const newline = t.message !== undefined && !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.27');
  return {
    name: t.name,
    message: `${t.message ?? ''}${newline ? '\n' : ''}`,
    id,
    commit: { url: `${state.apiRoot}/repos/${full}/git/commits/${id}`, sha: t.sha, created: '2026-01-05T09:00:00Z' },
    zipball_url: `${state.webRoot}/${full}/archive/${encodeURIComponent(t.name)}.zip`,
    tarball_url: `${state.webRoot}/${full}/archive/${encodeURIComponent(t.name)}.tar.gz`,
  };
}

// Changes, for the handlers and for seeding ----------------------------------

export function addRelease(state: State, repo: Repo, author: string, init: { tag: string; name?: string; body?: string; target?: string; draft?: boolean; prerelease?: boolean }): ReleaseRecord {
  const data = releaseData(state);
  const now = tick();
  const target = init.target ?? repo.branches[0] ?? 'main';
  const release: ReleaseRecord = {
    id: state.id(),
    repoId: repo.id,
    tag_name: init.tag,
    target_commitish: target,
    name: init.name ?? '',
    body: init.body ?? '',
    draft: init.draft === true,
    prerelease: init.prerelease === true,
    author,
    created_at: now,
    published_at: init.draft ? null : now,
    assets: [],
  };
  data.releases.push(release);
  // A draft gets its tag when it is published.
  if (!release.draft) ensureTag(state, repo, init.tag, target);
  return release;
}

function ensureTag(state: State, repo: Repo, name: string, target: string): void {
  const data = releaseData(state);
  if (!data.tags.some((t) => t.repoId === repo.id && t.name === name)) data.tags.push({ repoId: repo.id, name, sha: fakeSha(`${repo.id}/${target}/${name}`) });
}

/** An asset with the given bytes (seeding; uploads stream instead). */
export async function addAsset(state: State, release: ReleaseRecord, name: string, bytes: Buffer | string): Promise<Asset> {
  const data = releaseData(state);
  const uuid = randomUUID();
  const file = join(data.dir, uuid);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(file, bytes);
  const asset: Asset = { id: state.id(), name, size: statSync(file).size, download_count: 0, created_at: tick(), uuid, file };
  release.assets.push(asset);
  return asset;
}

// Handlers -----------------------------------------------------------------

/** Releases of a repository the caller may see (drafts only for writers), newest first. */
function releasesOf(c: Call, repo: Repo): ReleaseRecord[] {
  const writer = c.state.canWrite(c.user.login, repo);
  return releaseData(c.state)
    .releases.filter((r) => r.repoId === repo.id && (writer || !r.draft))
    .sort((a, b) => (b.created_at < a.created_at ? -1 : b.created_at > a.created_at ? 1 : b.id - a.id));
}

function releaseById(c: Call, repo: Repo): ReleaseRecord {
  const raw = c.params.id ?? '';
  const release = /^\d+$/.test(raw) ? releasesOf(c, repo).find((r) => r.id === Number(raw)) : undefined;
  if (!release) throw notFound(c.state.apiRoot);
  return release;
}

function optionalBool(c: Call, name: string): boolean | undefined {
  const v = c.query.get(name);
  if (v === null || v === '') return undefined;
  return v === 'true';
}

const listReleases: Handler = (c) => {
  const repo = visibleRepo(c);
  const draft = optionalBool(c, 'draft');
  const pre = optionalBool(c, 'pre-release');
  const items = releasesOf(c, repo).filter((r) => (draft === undefined || r.draft === draft) && (pre === undefined || r.prerelease === pre));
  const page = paginate(items, c.query, c.url, c.paging);
  return { status: 200, body: page.items.map((r) => releaseJson(c.state, r)), headers: page.headers };
};

const latestRelease: Handler = (c) => {
  const repo = visibleRepo(c);
  const latest = releasesOf(c, repo).find((r) => !r.draft && !r.prerelease);
  if (!latest) throw notFound(c.state.apiRoot);
  return { status: 200, body: releaseJson(c.state, latest) };
};

const releaseByTag: Handler = (c) => {
  const repo = visibleRepo(c);
  const release = releasesOf(c, repo).find((r) => r.tag_name === c.params.tag);
  if (!release) throw notFound(c.state.apiRoot);
  return { status: 200, body: releaseJson(c.state, release) };
};

const getRelease: Handler = (c) => ({ status: 200, body: releaseJson(c.state, releaseById(c, visibleRepo(c))) });

const createRelease: Handler = (c) => {
  const repo = writableRepo(c);
  const body = obj(c.body);
  const tag = body.tag_name;
  if (typeof tag !== 'string' || tag.trim() === '') throw invalid('CreateReleaseOption', [{ field: 'tag_name', code: 'required' }]);
  for (const field of ['name', 'body', 'target_commitish'] as const) {
    if (body[field] !== undefined && typeof body[field] !== 'string') throw invalid('CreateReleaseOption', [{ field }]);
  }
  // routers/api/v1/repo/release.go CreateRelease: a repository without commits takes no release.
  if (repo.branches.length === 0) throw new HttpError(422, { message: 'repo is empty', url: '' });
  const data = releaseData(c.state);
  if (data.releases.some((r) => r.repoId === repo.id && r.tag_name === tag)) throw conflict('Release is has no Tag');
  const tagExists = data.tags.some((t) => t.repoId === repo.id && t.name === tag);
  const target = typeof body.target_commitish === 'string' && body.target_commitish !== '' ? body.target_commitish : (repo.branches[0] ?? 'main');
  if (!tagExists && !repo.branches.includes(target)) throw notFound(c.state.apiRoot, `target "${target}" does not exist`);
  const release = addRelease(c.state, repo, c.user.login, {
    tag,
    name: typeof body.name === 'string' ? body.name : '',
    body: typeof body.body === 'string' ? body.body : '',
    target,
    draft: body.draft === true,
    prerelease: body.prerelease === true,
  });
  return { status: 201, body: releaseJson(c.state, release) };
};

const editRelease: Handler = (c) => {
  const repo = writableRepo(c);
  const release = releaseById(c, repo);
  const body = obj(c.body);
  // routers/api/v1/repo/release.go EditRelease: name, body, tag_name and target_commitish only when not empty (len > 0).
  if (typeof body.name === 'string' && body.name.length > 0) release.name = body.name;
  if (typeof body.body === 'string' && body.body.length > 0) release.body = body.body;
  if (typeof body.prerelease === 'boolean') release.prerelease = body.prerelease;
  if (typeof body.draft === 'boolean') {
    if (release.draft && !body.draft) {
      release.published_at = tick();
      ensureTag(c.state, repo, release.tag_name, release.target_commitish);
    }
    release.draft = body.draft;
  }
  return { status: 200, body: releaseJson(c.state, release) };
};

const deleteRelease: Handler = (c) => {
  const repo = writableRepo(c);
  const release = releaseById(c, repo);
  const data = releaseData(c.state);
  for (const a of release.assets) rmSync(a.file, { force: true });
  data.releases.splice(data.releases.indexOf(release), 1);
  return { status: 204 };
};

const listAssets: Handler = (c) => {
  const release = releaseById(c, visibleRepo(c));
  return { status: 200, body: release.assets.map((a) => assetJson(c.state, a)) };
};

function assetOf(c: Call, release: ReleaseRecord): Asset {
  const raw = c.params.attachment_id ?? '';
  const asset = /^\d+$/.test(raw) ? release.assets.find((a) => a.id === Number(raw)) : undefined;
  if (!asset) throw notFound(c.state.apiRoot);
  return asset;
}

const getAsset: Handler = (c) => {
  const release = releaseById(c, visibleRepo(c));
  return { status: 200, body: assetJson(c.state, assetOf(c, release)) };
};

const deleteAsset: Handler = (c) => {
  const release = releaseById(c, writableRepo(c));
  const asset = assetOf(c, release);
  rmSync(asset.file, { force: true });
  release.assets.splice(release.assets.indexOf(asset), 1);
  return { status: 204 };
};

/**
 * POST …/assets: the body streamed to a file. Gitea reads a multipart form's
 * `attachment`, or any other body whole as the file, named by ?name=.
 */
const uploadAsset: Handler = async (c) => {
  const release = releaseById(c, writableRepo(c));
  const type = String(c.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) throw new HttpError(400, { message: 'test server: multipart uploads are not modelled; send the bytes with ?name=', url: '' });
  const name = c.query.get('name') ?? '';
  if (name === '') {
    c.request?.resume();
    throw new HttpError(400, { message: 'Could not determine name of attachment.', url: '' });
  }
  if (!c.request) throw new Error('the upload route must be streamed');
  const uuid = randomUUID();
  const file = join(releaseData(c.state).dir, uuid);
  try {
    await pipeline(c.request, createWriteStream(file));
  } catch (err) {
    rmSync(file, { force: true });
    throw err;
  }
  const asset: Asset = { id: c.state.id(), name, size: statSync(file).size, download_count: 0, created_at: tick(), uuid, file };
  release.assets.push(asset);
  // The upload's answer names the asset by its uuid (recorded from real Gitea 1.23.8 and 1.27.0); reads name it by tag.
  return { status: 201, body: { ...assetJson(c.state, asset), browser_download_url: `${releaseData(c.state).downloadRoot ?? c.state.webRoot}/attachments/${asset.uuid}` } };
};

function tagOf(c: Call, repo: Repo): Tag {
  const tag = releaseData(c.state).tags.find((t) => t.repoId === repo.id && t.name === c.params.tag);
  if (!tag) throw notFound(c.state.apiRoot);
  return tag;
}

const getTag: Handler = (c) => {
  const repo = visibleRepo(c);
  return { status: 200, body: tagJson(c, repo, tagOf(c, repo)) };
};

const deleteTag: Handler = (c) => {
  const repo = writableRepo(c);
  const tag = tagOf(c, repo);
  const data = releaseData(c.state);
  if (data.releases.some((r) => r.repoId === repo.id && r.tag_name === tag.name)) throw conflict('a tag attached to a release cannot be deleted directly');
  data.tags.splice(data.tags.indexOf(tag), 1);
  return { status: 204 };
};

/**
 * routers/api/v1/repo/tag.go ListTags (git GetTagInfos): every tag, newest
 * first, with X-Total-Count. The order among tags of one commit date is git's;
 * here, the most recently made first (a guess nobody has recorded).
 */
const listTags: Handler = (c) => {
  const repo = visibleRepo(c);
  const tags = releaseData(c.state)
    .tags.filter((t) => t.repoId === repo.id)
    .reverse();
  const page = paginate(tags, c.query, c.url, c.paging);
  return { status: 200, body: page.items.map((t) => tagJson(c, repo, t)), headers: page.headers };
};

/**
 * routers/api/v1/repo/tag.go CreateTag: writers only (reqRepoWriter), never
 * archived (423); tag_name Required (422); the target defaults to the default
 * branch, and one git cannot resolve (GetCommit: a branch, a tag or a commit)
 * is 404 "target not found"; a tag that exists 409 (ErrTagAlreadyExists);
 * 201 with the tag (Gitea 1.23's description says 200; its code answers 201).
 */
const createTag: Handler = (c) => {
  const repo = writableRepo(c);
  if (repoExtraOf(c.state, repo).archived) throw new HttpError(423, { message: `<Repository ${repo.id}:${repo.owner}/${repo.name}> is archived`, url: '' });
  const body = obj(c.body);
  const name = body.tag_name;
  if (typeof name !== 'string' || name === '') throw invalid('CreateTagOption', [{ field: 'tag_name', code: 'Required' }]);
  const target = typeof body.target === 'string' && body.target !== '' ? body.target : repoExtraOf(c.state, repo).default_branch;
  const data = releaseData(c.state);
  const ofRepo = data.tags.filter((t) => t.repoId === repo.id);
  const resolved = repo.branches.includes(target)
    ? fakeSha(`${repo.id}/${target}/${name}`)
    : (ofRepo.find((t) => t.name === target)?.sha ?? ofRepo.find((t) => /^[0-9a-f]{7,64}$/.test(target) && t.sha.startsWith(target))?.sha);
  if (resolved === undefined) throw notFound(c.state.apiRoot, `target not found: object does not exist [id: ${target}, rel_path: ]`);
  if (ofRepo.some((t) => t.name === name)) throw conflict(`tag already exists [name: ${name}]`);
  const annotated = typeof body.message === 'string' && body.message !== '';
  const made: Tag = { repoId: repo.id, name, sha: resolved, ...(annotated ? { message: body.message as string, object: fakeSha(`tag ${repo.id}/${name}/${resolved}`) } : {}) };
  data.tags.push(made);
  return { status: 201, body: tagJson(c, repo, made) };
};

export const RELEASE_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/tags', listTags],
  ['POST', '/repos/:owner/:repo/tags', createTag],
  ['GET', '/repos/:owner/:repo/releases', listReleases],
  ['POST', '/repos/:owner/:repo/releases', createRelease],
  ['GET', '/repos/:owner/:repo/releases/latest', latestRelease],
  ['GET', '/repos/:owner/:repo/releases/tags/:tag', releaseByTag],
  ['GET', '/repos/:owner/:repo/releases/:id', getRelease],
  ['PATCH', '/repos/:owner/:repo/releases/:id', editRelease],
  ['DELETE', '/repos/:owner/:repo/releases/:id', deleteRelease],
  ['GET', '/repos/:owner/:repo/releases/:id/assets', listAssets],
  ['POST', '/repos/:owner/:repo/releases/:id/assets', uploadAsset],
  ['GET', '/repos/:owner/:repo/releases/:id/assets/:attachment_id', getAsset],
  ['DELETE', '/repos/:owner/:repo/releases/:id/assets/:attachment_id', deleteAsset],
  ['GET', '/repos/:owner/:repo/tags/:tag', getTag],
  ['DELETE', '/repos/:owner/:repo/tags/:tag', deleteTag],
];

/** Routes whose request body the handler reads itself, as a stream (c.request). */
export const STREAMED_RELEASE_ROUTES: Array<[string, string]> = [['POST', '/repos/:owner/:repo/releases/:id/assets']];

/**
 * GET /attachments/{uuid}, or /{owner}/{repo}/releases/download/{tag}/{name}, on the web side: an asset's bytes, streamed from
 * disk. Anyone may fetch those of a public repository; a private one's need
 * the credentials that may see it (Gitea takes a token on this path), and
 * others get 404.
 */
export const downloadAttachment = (c: Omit<Call, 'user'> & { user: User | undefined }): Reply => {
  const data = releaseData(c.state);
  const { owner, repo: name, tag, name: file, uuid } = c.params;
  for (const release of data.releases) {
    if (uuid === undefined) {
      const r = repoOf(c.state, release);
      if (r.owner.toLowerCase() !== owner?.toLowerCase() || r.name.toLowerCase() !== name?.toLowerCase() || release.tag_name !== tag) continue;
    }
    const asset = release.assets.find((a) => (uuid !== undefined ? a.uuid === uuid : a.name === file));
    if (!asset) continue;
    const repo = repoOf(c.state, release);
    const allowed = c.user ? c.state.canSee(c.user.login, repo) && (!release.draft || c.state.canWrite(c.user.login, repo)) : !repo.private && !release.draft;
    if (!allowed) break;
    asset.download_count++;
    // The bytes on disk, whatever the record says (tests make the record lie).
    return { status: 200, file: { path: asset.file, size: statSync(asset.file).size, name: asset.name } };
  }
  throw notFound(c.state.apiRoot);
};

export const RELEASE_WEB_ROUTES: Array<[string, string, typeof downloadAttachment]> = [
  ['GET', '/attachments/:uuid', downloadAttachment],
  ['GET', '/:owner/:repo/releases/download/:tag/:name', downloadAttachment],
];

/** The demo's releases: teapot's v1.0 with an asset, a pre-release, a draft, and a tag without a release. */
export async function seedReleases(state: State): Promise<void> {
  const teapot = state.repo('alice', 'teapot');
  if (!teapot) return;
  const one = addRelease(state, teapot, 'alice', { tag: 'v1.0', name: 'Teapot 1.0', body: 'The first teapot that knows when to stop.\n\n- Whistles at the boil\n- Lid stays on' });
  await addAsset(state, one, 'teapot-1.0.tar.gz', Buffer.from('teapot 1.0 release archive\n'.repeat(64)));
  await addAsset(state, one, 'checksums.txt', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  teapot-1.0.tar.gz\n');
  addRelease(state, teapot, 'alice', { tag: 'v1.1-rc.1', name: 'Teapot 1.1 RC 1', body: 'Quieter lid, for testing.', prerelease: true, target: 'feature/lid' });
  addRelease(state, teapot, 'bob', { tag: 'v1.1', name: 'Teapot 1.1', body: 'Draft notes', draft: true });
  ensureTag(state, teapot, 'v0.9', 'main');
}
