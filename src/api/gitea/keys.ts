// The logged-in user's SSH and GPG keys, /user/keys and /user/gpg_keys
// (routers/api/v1/user/key.go and gpg_key.go in Gitea and Forgejo), and a
// repository's deploy keys, /repos/{owner}/{repo}/keys (repo/key.go).
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';

/** An SSH key as the servers show it (PublicKey). */
export interface PublicKey {
  id: number;
  key: string;
  title: string;
  fingerprint: string;
  url?: string;
  created_at?: string;
  read_only?: boolean;
  key_type?: string;
}

/** A GPG key as the servers show it (GPGKey). */
export interface GPGKey {
  id: number;
  key_id: string;
  primary_key_id?: string;
  public_key?: string;
  emails?: Array<{ email: string; verified: boolean }> | null;
  can_sign?: boolean;
  created_at?: string;
  expires_at?: string;
  verified?: boolean;
}

export function listSshKeys(api: ApiClient, window: PageWindow, options: ListOptions = {}): AsyncGenerator<PublicKey[]> {
  return api.pages<PublicKey>('/user/keys', window, {}, options);
}

/** `title` is required by the servers; `read_only` only means something for deploy keys. */
export function addSshKey(api: ApiClient, body: { key: string; title: string; read_only?: boolean }): Promise<PublicKey> {
  return record<PublicKey>(api, 'POST', '/user/keys', { body });
}

export function deleteSshKey(api: ApiClient, id: number): Promise<void> {
  return done(api, 'DELETE', p`/user/keys/${id}`);
}

export function listGpgKeys(api: ApiClient, window: PageWindow, options: ListOptions = {}): AsyncGenerator<GPGKey[]> {
  return api.pages<GPGKey>('/user/gpg_keys', window, {}, options);
}

export function addGpgKey(api: ApiClient, armored: string): Promise<GPGKey> {
  return record<GPGKey>(api, 'POST', '/user/gpg_keys', { body: { armored_public_key: armored } });
}

export function deleteGpgKey(api: ApiClient, id: number): Promise<void> {
  return done(api, 'DELETE', p`/user/gpg_keys/${id}`);
}

/** A repository's deploy key (DeployKey): read-only unless made with write access. */
export interface DeployKey {
  id: number;
  key_id?: number;
  key: string;
  title: string;
  fingerprint: string;
  url?: string;
  created_at?: string;
  read_only: boolean;
}

function deployKeysPath(repo: RepoRef): string {
  return `${repoPath(repo)}/keys`;
}

export function listDeployKeys(api: ApiClient, repo: RepoRef, window: PageWindow, options: ListOptions = {}): AsyncGenerator<DeployKey[]> {
  return api.pages<DeployKey>(deployKeysPath(repo), window, {}, options);
}

export function addDeployKey(api: ApiClient, repo: RepoRef, body: { key: string; title: string; read_only: boolean }): Promise<DeployKey> {
  return record<DeployKey>(api, 'POST', deployKeysPath(repo), { body });
}

export function deleteDeployKey(api: ApiClient, repo: RepoRef, id: number): Promise<void> {
  return done(api, 'DELETE', `${deployKeysPath(repo)}${p`/${id}`}`);
}
