// What the extension verbs share: where extensions live (kettle's data
// folder), the record kept of each, the words an extension may not take, and
// the program each one runs. Every change to the data folder is made here,
// and under --dry-run shown (one line each) instead.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_NAME, extensionsDir } from '../../config/data.js';
import { configDir } from '../../config/store.js';
import { readSettings } from '../../config/user-settings.js';
import type { Context } from '../../context/context.js';
import { KettleError, UsageError } from '../../errors.js';
import { commandWords } from '../command-words.js';

export { EXTENSION_NAME, extensionsDir };

/** What kettle keeps of one installed extension, in its folder's extension.json. */
export interface Installed {
  name: string;
  /** git: a clone of a repository; release: a release asset; local: a folder on this machine, run where it is. */
  kind: 'git' | 'release' | 'local';
  /** Where it came from, as given: OWNER/NAME, a URL or a path. */
  source: string;
  /** The repository's web address (git from a server, release): how upgrade finds it and its login. */
  repo?: string;
  /** What git clones (git). */
  cloneUrl?: string;
  /** The folder it runs from (local). */
  path?: string;
  /** --pin: a commit, branch or tag (git) or a release tag (release); upgrade leaves it. */
  pin?: string;
  /** --allow-token: the login's token is passed as KETTLE_TOKEN. */
  allowToken: boolean;
  /** The commit (git) or release tag (release) installed; empty for a local folder. */
  version: string;
  installed: string;
}

const RECORD = 'extension.json';

/** The installed extension of that name, or undefined. */
export function readInstalled(env: NodeJS.ProcessEnv, name: string): Installed | undefined {
  if (!EXTENSION_NAME.test(name)) return undefined;
  const file = join(extensionsDir(env), name, RECORD);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const data = JSON.parse(text) as Installed;
    if (typeof data !== 'object' || data === null || data.name !== name || !['git', 'release', 'local'].includes(data.kind)) throw new Error('not an extension record');
    return data;
  } catch {
    throw new KettleError(`${file} is not an extension record kettle wrote; remove it with kettle extension remove ${name}`);
  }
}

/** Every installed extension, by name. */
export function allInstalled(env: NodeJS.ProcessEnv): Installed[] {
  const dir = extensionsDir(env);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => EXTENSION_NAME.test(n))
    .sort()
    .flatMap((n) => {
      const one = readInstalled(env, n);
      return one ? [one] : [];
    });
}

/** A change to the data folder: made, or under --dry-run shown as `line`. */
function change(ctx: Context, line: string, make: () => void): void {
  if (ctx.dryRun !== undefined) ctx.dryRun.hold(line, 'local');
  else make();
}

/** Write an extension's record (a file of its own renamed over the old one). */
export function writeInstalled(ctx: Context, record: Installed): void {
  const dir = join(extensionsDir(ctx.env), record.name);
  change(ctx, `write ${join(dir, RECORD)}: ${JSON.stringify(record)}`, () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = join(dir, `.${RECORD}.${process.pid}`);
    writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, join(dir, RECORD));
  });
}

/**
 * A folder to clone or download into before the result takes its place: in
 * the data folder (a rename away from it), or under --dry-run a temporary
 * folder elsewhere, so the reads are made and the data folder is not touched.
 * The caller removes it.
 */
export function stagingFolder(ctx: Context, name: string): string {
  if (ctx.dryRun !== undefined) return mkdtempSync(join(tmpdir(), `kettle-${name}-`));
  const root = extensionsDir(ctx.env);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return mkdtempSync(join(root, `.${name}-`));
}

/** Put what was made at `from` (a staging folder's) at `to`, in place of what is there; `what` says what it is. */
export function putInPlace(ctx: Context, from: string, to: string, what: string): void {
  change(ctx, `write ${to}: ${what}`, () => {
    rmSync(to, { recursive: true, force: true });
    renameSync(from, to);
  });
}

/** Remove an extension's folder. */
export function removeFolder(ctx: Context, name: string): void {
  const dir = join(extensionsDir(ctx.env), name);
  change(ctx, `remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
}

/** The executable's file name: kettle-NAME (kettle-NAME.exe for a Windows release asset). */
export function programName(name: string): string {
  return `kettle-${name}`;
}

/** The program an installed extension runs. */
export function programOf(env: NodeJS.ProcessEnv, ext: Installed): string {
  const own = join(extensionsDir(env), ext.name);
  if (ext.kind === 'local') return join(ext.path ?? own, programName(ext.name));
  if (ext.kind === 'git') return join(own, 'repo', programName(ext.name));
  return join(own, process.platform === 'win32' ? `${programName(ext.name)}.exe` : programName(ext.name));
}

/** Whether a file is there and may be run. */
export function isProgram(path: string): boolean {
  try {
    const st = statSync(path);
    return st.isFile() && (process.platform === 'win32' || (st.mode & 0o111) !== 0);
  } catch {
    return false;
  }
}

/** Refuse a name that is a command, an alias, or not a word. */
export async function checkName(ctx: Context, name: string): Promise<void> {
  if (!EXTENSION_NAME.test(name)) throw new UsageError(`an extension's name is one word of letters, digits and . _ - (its repository kettle-NAME), not "${name}"`);
  if ((await commandWords(ctx)).has(name)) throw new UsageError(`"${name}" is a kettle command; an extension may not shadow a command`);
  if (readSettings(configDir(ctx.env)).aliases[name] !== undefined) {
    throw new UsageError(`"${name}" is an alias; an extension may not shadow an alias (kettle alias delete ${name} first)`);
  }
}

/** The platform part of a release asset's name: linux-amd64, darwin-arm64, windows-amd64.exe. */
export function platformSuffix(platform: string = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'windows' : platform;
  const cpu = arch === 'x64' ? 'amd64' : arch === 'ia32' ? '386' : arch;
  return `${os}-${cpu}${platform === 'win32' ? '.exe' : ''}`;
}

/** An extension's version as shown: a commit's first 10 digits, a release tag as it is. */
export function shortVersion(ext: Pick<Installed, 'kind' | 'version'>): string {
  if (ext.kind === 'git') return ext.version.slice(0, 10);
  return ext.version;
}

/** Where an extension came from, as list shows it. */
export function origin(ext: Installed): string {
  return ext.kind === 'local' ? (ext.path ?? ext.source) : (ext.repo ?? ext.cloneUrl ?? ext.source);
}
