// Releases and their assets: /repos/{owner}/{repo}/releases.
import type { RepoRef } from '../../context/repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, list as listOf, record } from './send.js';
import type { Attachment, CreateReleaseOption, EditReleaseOption, Release } from './types.js';

const releasePath = (repo: RepoRef, id: number): string => `${repoPath(repo)}${p`/releases/${id}`}`;

export function list(
  api: ApiClient,
  repo: RepoRef,
  window: PageWindow,
  query: { draft?: boolean; 'pre-release'?: boolean } = {},
  options: ListOptions = {},
): AsyncGenerator<Release[]> {
  return api.pages<Release>(`${repoPath(repo)}/releases`, window, query, options);
}

export function get(api: ApiClient, repo: RepoRef, id: number): Promise<Release> {
  return record<Release>(api, 'GET', releasePath(repo, id));
}

export function getByTag(api: ApiClient, repo: RepoRef, tag: string): Promise<Release> {
  return record<Release>(api, 'GET', `${repoPath(repo)}${p`/releases/tags/${tag}`}`);
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

/** A release's assets (the endpoint does not page). */
export function listAssets(api: ApiClient, repo: RepoRef, id: number): Promise<Attachment[]> {
  return listOf<Attachment>(api, 'GET', `${releasePath(repo, id)}/assets`);
}

export function deleteAsset(api: ApiClient, repo: RepoRef, id: number, assetId: number): Promise<void> {
  return done(api, 'DELETE', `${releasePath(repo, id)}${p`/assets/${assetId}`}`);
}
