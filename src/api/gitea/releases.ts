// Releases and their assets: /repos/{owner}/{repo}/releases.
import type { RepoRef } from '../repo.js';
import type { Readable } from 'node:stream';
import type { ApiClient, ListOptions } from '../client.js';
import { expectRecord, type Shape } from '../response.js';
import type { StreamAnswer } from '../transport.js';
import { download, upload } from '../transfers.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';
import type { Attachment, CreateReleaseOption, EditReleaseOption, Release } from './types.js';

const releasePath = (repo: RepoRef, id: number): string => `${repoPath(repo)}${p`/releases/${id}`}`;

/** The fields of a release kettle reads as numbers, words and flags (expectFields). */
const RELEASE_SHAPE: Shape = { id: 'number', tag_name: 'string', name: 'string', draft: 'boolean', prerelease: 'boolean', assets: 'array' };

export function list(api: ApiClient, repo: RepoRef, window: PageWindow, query: { draft?: boolean; 'pre-release'?: boolean } = {}, options: ListOptions = {}): AsyncGenerator<Release[]> {
  return api.pages<Release>(`${repoPath(repo)}/releases`, window, query, { shape: RELEASE_SHAPE, ...options });
}

export function get(api: ApiClient, repo: RepoRef, id: number): Promise<Release> {
  return record<Release>(api, 'GET', releasePath(repo, id), {}, RELEASE_SHAPE);
}

export function getByTag(api: ApiClient, repo: RepoRef, tag: string): Promise<Release> {
  return record<Release>(api, 'GET', `${repoPath(repo)}${p`/releases/tags/${tag}`}`, {}, RELEASE_SHAPE);
}

/** The latest release: the newest published one that is neither a draft nor a pre-release. */
export function latest(api: ApiClient, repo: RepoRef): Promise<Release> {
  return record<Release>(api, 'GET', `${repoPath(repo)}/releases/latest`, {}, RELEASE_SHAPE);
}

export function create(api: ApiClient, repo: RepoRef, body: CreateReleaseOption): Promise<Release> {
  return record<Release>(api, 'POST', `${repoPath(repo)}/releases`, { body });
}

export function edit(api: ApiClient, repo: RepoRef, id: number, body: EditReleaseOption): Promise<Release> {
  return record<Release>(api, 'PATCH', releasePath(repo, id), { body });
}

function deleteRelease(api: ApiClient, repo: RepoRef, id: number): Promise<void> {
  return done(api, 'DELETE', releasePath(repo, id));
}
export { deleteRelease as delete };

export function deleteAsset(api: ApiClient, repo: RepoRef, id: number, assetId: number): Promise<void> {
  return done(api, 'DELETE', `${releasePath(repo, id)}${p`/assets/${assetId}`}`);
}

/**
 * Upload one asset, its bytes streamed as the request body
 * (application/octet-stream with ?name=, which Gitea 1.23 and Forgejo 11 both
 * accept beside multipart; Gitea adds the asset under that name).
 */
export async function uploadAsset(api: ApiClient, repo: RepoRef, id: number, asset: { name: string; body: Readable; size: number; signal?: AbortSignal }): Promise<Attachment> {
  const path = `${releasePath(repo, id)}/assets`;
  const res = await upload(api, 'POST', path, {
    body: asset.body,
    size: asset.size,
    contentType: 'application/octet-stream',
    query: { name: asset.name },
    ...(asset.signal ? { signal: asset.signal } : {}),
  });
  return expectRecord(res.data, 'POST', path, res.status) as Attachment;
}

/** An asset's bytes, from its browser_download_url (see transfers.ts for the credentials). */
export function openAsset(api: ApiClient, asset: Attachment, signal?: AbortSignal): Promise<StreamAnswer & { url: string }> {
  return download(api, asset.browser_download_url ?? '', signal);
}

/** Delete a tag (release delete --cleanup-tag): /repos/{owner}/{repo}/tags/{tag}. */
export function deleteTag(api: ApiClient, repo: RepoRef, tag: string): Promise<void> {
  return done(api, 'DELETE', `${repoPath(repo)}${p`/tags/${tag}`}`);
}
