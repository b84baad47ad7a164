// Where an extension's program comes from: a clone of its repository (made and
// moved on with kettle's own credential helper, so no secret is on a command
// line or in the clone's .git/config), or a release asset named for this
// platform, downloaded through the API client.
import { chmodSync } from 'node:fs';
import type { ApiClient } from '../../api/client.js';
import * as releases from '../../api/gitea/releases.js';
import type { Attachment, Release } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { git, gitReason, helperLine } from '../../context/git.js';
import type { RepoRef } from '../../context/repo.js';
import { ApiError, KettleError } from '../../errors.js';
import { saveDownload } from '../transfer.js';
import { platformSuffix, programName } from './shared.js';

/** git's environment and options: only kettle's helper answers, and git never asks on the terminal. */
function gitWith(ctx: Context): { env: NodeJS.ProcessEnv; helper: string[] } {
  return {
    env: { ...ctx.io.env, GIT_TERMINAL_PROMPT: '0' },
    helper: ['-c', 'credential.helper=', '-c', `credential.helper=${helperLine(ctx.io.self)}`],
  };
}

/** Clone `url` into `dest` (then check out `pin`, when given); answers the commit checked out. */
export async function cloneAt(ctx: Context, url: string, dest: string, pin: string | undefined): Promise<string> {
  const { env, helper } = gitWith(ctx);
  const cloned = await git(ctx.io.cwd, env, [...helper, 'clone', '--quiet', '--', url, dest]);
  if (cloned.code !== 0) throw new KettleError(`cannot clone ${url}: ${gitReason(cloned)}`);
  if (pin !== undefined) {
    const out = await git(dest, env, ['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', pin, '--']);
    if (out.code !== 0) throw new KettleError(`${url} has no commit, branch or tag ${pin}: ${gitReason(out)}`);
  }
  return head(ctx, dest);
}

/** The commit a clone has checked out. */
export async function head(ctx: Context, dir: string): Promise<string> {
  const r = await git(dir, ctx.io.env, ['rev-parse', '--verify', 'HEAD^{commit}']);
  if (r.code !== 0) throw new KettleError(`cannot read the commit of ${dir}: ${gitReason(r)}`);
  return r.stdout.trim();
}

/**
 * Move the clone to the newest commit of the remote's default branch (asked
 * first, a read); answers that commit. Fetching and moving change the clone in
 * kettle's data folder: under --dry-run they are shown instead.
 */
export async function moveToNewest(ctx: Context, dir: string, url: string): Promise<string> {
  const { env, helper } = gitWith(ctx);
  const asked = await git(dir, env, [...helper, 'ls-remote', 'origin', 'HEAD']);
  const newest = /^([0-9a-f]{40,64})\s+HEAD$/m.exec(asked.stdout)?.[1];
  if (asked.code !== 0 || newest === undefined) throw new KettleError(`cannot fetch ${url}: ${asked.code !== 0 ? gitReason(asked) : 'it names no default branch (HEAD)'}`);
  if (newest === (await head(ctx, dir))) return newest;
  const change = { dryRun: ctx.dryRun, on: 'local' } as const;
  const fetched = await git(dir, env, ['-C', dir, ...helper, 'fetch', '--quiet', '--no-tags', 'origin', 'HEAD'], change);
  if (fetched.code !== 0) throw new KettleError(`cannot fetch ${url}: ${gitReason(fetched)}`);
  const moved = await git(dir, env, ['-C', dir, 'reset', '--quiet', '--hard', newest], change);
  if (moved.code !== 0) throw new KettleError(`cannot move the clone of ${url} to its newest commit: ${gitReason(moved)}`);
  return newest;
}

/** A release and its asset for this platform. */
export interface ReleaseAsset {
  tag: string;
  asset: Attachment;
}

/**
 * The latest release (with a tag, that release) and its asset named for this
 * platform; undefined when there is no such release or it has no such asset.
 */
export async function releaseAsset(api: ApiClient, repo: RepoRef, name: string, tag: string | undefined): Promise<ReleaseAsset | undefined> {
  let release: Release;
  try {
    release = tag === undefined ? await releases.latest(api, repo) : await releases.getByTag(api, repo, tag);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
  const wanted = `${programName(name)}-${platformSuffix()}`;
  const asset = (release.assets ?? []).find((a) => a.name === wanted);
  return asset && release.tag_name ? { tag: release.tag_name, asset } : undefined;
}

/** Download a release asset to `path`, made executable. */
export async function downloadProgram(ctx: Context, api: ApiClient, found: ReleaseAsset, path: string): Promise<void> {
  await saveDownload(ctx, found.asset.name as string, path, () => releases.openAsset(api, found.asset), found.asset.size, 'record');
  chmodSync(path, 0o755);
}
