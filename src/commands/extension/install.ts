// kettle extension install OWNER/NAME | URL | PATH [--pin REF] [--allow-token]
import { existsSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import * as repos from '../../api/gitea/repos.js';
import { instanceRoot } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { target } from '../../context/target.js';
import { KettleError, UsageError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import { failure } from '../failure.js';
import type * as definition from './index.js';
import { checkName, extensionsDir, type Installed, isProgram, platformSuffix, programName, programOf, putInPlace, readInstalled, shortVersion, stagingFolder, writeInstalled } from './shared.js';
import { cloneAt, downloadProgram, releaseAsset } from './sources.js';
import { HTTP_SCHEME } from '../../text/schemes.js';

export type InstallOptions = OptionsOf<typeof definition.install>;

type Source = { kind: 'server'; ownerName: string } | { kind: 'url'; url: string } | { kind: 'local'; path: string };

/**
 * What the argument names: OWNER/NAME (or HOST/OWNER/NAME) on a stored
 * login's server, a web address of a repository on one (both: its releases,
 * else a clone), any other git URL (a clone), or a folder on this machine.
 */
function sourceOf(ctx: Context, given: string): Source {
  const value = given.trim();
  if (HTTP_SCHEME.test(value)) {
    const web = value.replace(/\.git$/i, '').replace(/\/+$/, '');
    const served = ctx.logins.roots().some((root) => web.toLowerCase().startsWith(`${instanceRoot(root).toLowerCase()}/`));
    return served && !/^[^:]+:\/\/[^/]*@/.test(web) ? { kind: 'server', ownerName: web } : { kind: 'url', url: value };
  }
  if (/^(ssh|git|file):\/\//i.test(value) || /^[^/\s]+@[^/\s]+:/.test(value)) return { kind: 'url', url: value };
  const path = resolve(ctx.io.cwd, value);
  if (/^(\.{1,2}|~)?\//.test(value) || value === '.' || existsSync(path)) return { kind: 'local', path };
  if (/^[^/\s]+\/[^/\s]+$/.test(value) || /^[^/\s]*[.:][^/\s]*(\/[^/\s]+){2,}$/.test(value)) return { kind: 'server', ownerName: value };
  throw new UsageError(`install takes OWNER/kettle-NAME, a git URL or a folder, not "${given}"`);
}

/** NAME from a repository or folder named kettle-NAME. */
function nameOf(repoName: string, what: string): string {
  const bare = repoName.replace(/\.git$/, '');
  if (!bare.startsWith('kettle-') || bare === 'kettle-') throw new UsageError(`an extension's repository is named kettle-NAME; ${what} is not`);
  return bare.slice('kettle-'.length);
}

export async function run(ctx: Context, opts: InstallOptions): Promise<void> {
  const source = sourceOf(ctx, opts.source);
  const pin = opts.pin?.trim();
  if (opts.pin !== undefined && (pin === '' || pin?.startsWith('-'))) throw new UsageError(`--pin takes a commit, branch or tag, not "${opts.pin}"`);
  if (source.kind === 'local' && pin !== undefined) throw new UsageError('--pin is for a repository or a release; a local folder runs as it is');
  const name =
    source.kind === 'server'
      ? nameOf(source.ownerName.split('/').at(-1) as string, source.ownerName)
      : source.kind === 'url'
        ? nameOf(basename(source.url.replace(/\/+$/, '').replace(/^.*:/, '/')), source.url)
        : nameOf(basename(source.path), source.path);
  await checkName(ctx, name);
  if (readInstalled(ctx.env, name)) throw new KettleError(`extension ${name} is already installed; upgrade it with kettle extension upgrade ${name}, or remove it first`);

  const base: Pick<Installed, 'name' | 'source' | 'allowToken' | 'installed'> = {
    name,
    source: opts.source,
    allowToken: opts.allowToken,
    installed: ctx.io.now().toISOString(),
  };
  if (source.kind === 'local') {
    const record: Installed = { ...base, kind: 'local', path: source.path, version: '' };
    if (!statSync(source.path, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${source.path} is no folder`);
    if (!isProgram(programOf(ctx.env, record))) throw new KettleError(`${source.path} has no executable ${programName(name)}`);
    writeInstalled(ctx, record);
    ctx.term.success(`Installed extension ${name} from ${source.path}; run it with: kettle ${name}`);
    return;
  }

  const root = extensionsDir(ctx.env);
  const staging = stagingFolder(ctx, name);
  try {
    let record: Installed;
    if (source.kind === 'url') {
      const version = await cloneAt(ctx, source.url, join(staging, 'repo'), pin);
      record = { ...base, kind: 'git', cloneUrl: source.url, version, ...(pin !== undefined ? { pin } : {}) };
    } else {
      const at = await target(ctx, { named: source.ownerName });
      const api = await at.api();
      const found = await repos.get(api, at.repo).catch(failure({ action: `read ${at.name}`, missing: `repository ${at.name}` }));
      // Kept as named (OWNER/NAME, or with its host), so an upgrade finds it through the same login: the server's own
      // web address may name another host than the one the login reaches it by (a proxy in front of it).
      const web = source.ownerName;
      const asset = await releaseAsset(api, at.repo, name, pin);
      if (asset !== undefined) {
        record = { ...base, kind: 'release', repo: web, version: asset.tag, ...(pin !== undefined ? { pin } : {}) };
        await downloadProgram(ctx, api, asset, join(staging, basename(programOf(ctx.env, record))));
      } else {
        const url = found.clone_url;
        // Only what kettle's credential helper serves: no local path, no ssh, no transport of git's own.
        if (!url || !HTTP_SCHEME.test(url)) throw new KettleError(`the server gives no http(s) clone URL for ${at.name}${url ? ` (${url})` : ''}`);
        const version = await cloneAt(ctx, url, join(staging, 'repo'), pin);
        record = { ...base, kind: 'git', repo: web, cloneUrl: url, version, ...(pin !== undefined ? { pin } : {}) };
      }
    }
    const program = programOf(ctx.env, record).replace(join(root, name), staging);
    if (!isProgram(program)) {
      const where = record.repo ?? record.cloneUrl ?? opts.source;
      throw new KettleError(
        `${where} has no executable ${programName(name)} at its root${record.kind === 'git' && source.kind === 'server' ? ` and no release asset ${programName(name)}-${platformSuffix()}` : ''}; nothing was installed`,
      );
    }
    const what = record.kind === 'release' ? `release ${record.version}` : `commit ${shortVersion(record)}`;
    // In place of what an install cut short left behind, with no record: nothing of it runs.
    putInPlace(ctx, staging, join(root, name), `extension ${name}, ${what} of ${record.repo ?? record.cloneUrl ?? opts.source}`);
    writeInstalled(ctx, record);
    ctx.term.success(`Installed extension ${name} (${what}${record.pin !== undefined ? `, pinned to ${record.pin}` : ''}); run it with: kettle ${name}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
