// An owner's packages (/packages/{owner}): routers/api/v1/packages/package.go
// in Gitea and Forgejo. Each record is one version of a package.
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { done, record } from './send.js';
import type { Package } from './types.js';

export interface PackageRef {
  owner: string;
  type: string;
  name: string;
}

const packagePath = (ref: PackageRef): string => p`/packages/${ref.owner}/${ref.type}/${ref.name}`;

export interface PackageFilter {
  type?: string | undefined;
  /** A part of the name (ListPackages `q`: the servers match it anywhere in the name, any case). */
  q?: string | undefined;
}

/** Every version of every package the owner has, newest first on Gitea, oldest first on Forgejo. */
export function listPackages(api: ApiClient, owner: string, window: PageWindow, filter: PackageFilter = {}, options: ListOptions = {}): AsyncGenerator<Package[]> {
  const query = { ...(filter.type !== undefined ? { type: filter.type } : {}), ...(filter.q !== undefined ? { q: filter.q } : {}) };
  return api.pages<Package>(p`/packages/${owner}`, window, query, options);
}

export function getPackage(api: ApiClient, ref: PackageRef, version: string): Promise<Package> {
  return record<Package>(api, 'GET', `${packagePath(ref)}${p`/${version}`}`);
}

/** Delete one version (the package goes with its last version). */
export function deletePackage(api: ApiClient, ref: PackageRef, version: string): Promise<void> {
  return done(api, 'DELETE', `${packagePath(ref)}${p`/${version}`}`);
}

/**
 * Link a package to a repository of its owner: 201; 400 when it is linked
 * already, 403 for a repository of another owner (services/packages
 * LinkToRepository). Gitea 1.24 and later, Forgejo 11 and later.
 */
export function linkPackage(api: ApiClient, ref: PackageRef, repoName: string): Promise<void> {
  return done(api, 'POST', `${packagePath(ref)}${p`/-/link/${repoName}`}`);
}

/** Unlink a package from its repository: 204; 400 when it is linked to none (UnlinkFromRepository). */
export function unlinkPackage(api: ApiClient, ref: PackageRef): Promise<void> {
  return done(api, 'POST', `${packagePath(ref)}/-/unlink`);
}
