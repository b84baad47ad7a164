// Stored logins. Reading is the hot path of every command, so it is a plain
// JSON read; writing goes through conf (atomic writes, file mode 0600), loaded
// only by the commands that change logins. Where a login's secrets go (the
// keyring) is login-secrets.ts's; what a dry run shows instead of writing, changes.ts's.
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { DryRun } from '../api/dry-run.js';
import { KettleError } from '../errors.js';
import { envConfigDir } from './env.js';
import { jsonErrorLine } from './json-line.js';
import { withConfigLock } from './lock.js';
import { reason } from './os-reason.js';
import type { ConfigData, StoredLogin } from './stored-login.js';
import { HTTP_URL } from '../text/schemes.js';

export { reason } from './os-reason.js';
export type { ConfigData, OAuthGrant, StoredLogin } from './stored-login.js';

/**
 * The config file's format. 2: secrets may live in the keyring. A file of a
 * later format was written by a newer kettle, which may keep things this one
 * does not know: it is neither used nor written, so nothing is lost.
 */
export const CONFIG_VERSION = 2;

const FILE_NAME = 'config.json';

export function configDir(env: NodeJS.ProcessEnv): string {
  const fromEnv = envConfigDir(env);
  if (fromEnv !== undefined) return fromEnv;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'kettle');
  // node:os only without HOME: every command reads its logins from here.
  return join(env.HOME || process.getBuiltinModule('node:os').homedir(), '.config', 'kettle');
}

export function configPath(dir: string): string {
  return join(dir, FILE_NAME);
}

const AUTH_METHODS: readonly string[] = ['header', 'query', 'basic'];

/** What is wrong with one stored login, or undefined when nothing is. */
function loginProblem(login: unknown): string | undefined {
  if (typeof login !== 'object' || login === null || Array.isArray(login)) return 'is not a JSON object';
  const l = login as Record<string, unknown>;
  if (typeof l.url !== 'string') return `has a "url" that is not a string (${JSON.stringify(l.url) ?? 'missing'})`;
  if (!HTTP_URL.test(l.url) || !URL.canParse(l.url)) return `has a "url" that is not an http or https address (${JSON.stringify(l.url)})`;
  if (typeof l.auth !== 'string' || !AUTH_METHODS.includes(l.auth)) {
    return `has an "auth" that is not one of ${AUTH_METHODS.join(', ')} (${JSON.stringify(l.auth) ?? 'missing'})`;
  }
  for (const key of ['user', 'token', 'password', 'added']) {
    // The secrets' values are never quoted back.
    if (l[key] !== undefined && typeof l[key] !== 'string') return `has a "${key}" that is not a string`;
  }
  if (l.insecure !== undefined && typeof l.insecure !== 'boolean') return 'has an "insecure" that is not true or false';
  if (l.insecureStorage !== undefined && typeof l.insecureStorage !== 'boolean') return 'has an "insecureStorage" that is not true or false';
  if (l.keyring !== undefined) {
    const k = l.keyring as Record<string, unknown> | null;
    if (typeof k !== 'object' || k === null || typeof k.service !== 'string' || typeof k.account !== 'string' || k.service === '' || k.account === '') {
      return 'has a "keyring" that is not an object with a "service" and an "account"';
    }
  }
  if (l.scopes !== undefined && (!Array.isArray(l.scopes) || l.scopes.some((x) => typeof x !== 'string'))) return 'has "scopes" that are not a list of strings';
  if (l.oauth !== undefined) {
    const o = l.oauth as Record<string, unknown> | null;
    if (typeof o !== 'object' || o === null || typeof o.clientId !== 'string' || o.clientId === '') return 'has an "oauth" without a "clientId"';
    if ((o.expires !== undefined && typeof o.expires !== 'string') || (o.refreshToken !== undefined && typeof o.refreshToken !== 'string'))
      return 'has an "oauth" whose "expires" or "refreshToken" is not a string';
    const k = o.refreshKeyring as Record<string, unknown> | null | undefined;
    if (k !== undefined && (typeof k !== 'object' || k === null || typeof k.service !== 'string' || typeof k.account !== 'string'))
      return 'has an "oauth" whose "refreshKeyring" is not an object with a "service" and an "account"';
  }
  if (l.gitProtocol !== undefined && l.gitProtocol !== 'https' && l.gitProtocol !== 'ssh') {
    return `has a "gitProtocol" that is not https or ssh (${JSON.stringify(l.gitProtocol)})`;
  }
  return undefined;
}

/**
 * The config's shape, checked. Reading checks every stored login's fields, so
 * a hand-edited file with a wrong one is one line naming it rather than a
 * crash deep in a command; writing (`strict` false) keeps what it cannot
 * check as it is, so `login delete` can remove a broken login.
 */
function normalize(raw: unknown, path: string, strict = true): ConfigData {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new KettleError(`the config file ${path} is not a JSON object; fix or remove it`);
  }
  const obj = raw as Record<string, unknown>;
  if (typeof obj.version === 'number' && obj.version > CONFIG_VERSION) {
    throw new KettleError(
      `the config file ${path} was written by a newer kettle (format ${obj.version}; this kettle knows format ${CONFIG_VERSION} and earlier): upgrade kettle; the file is left as it is`,
    );
  }
  if (strict && obj.logins !== undefined && (typeof obj.logins !== 'object' || obj.logins === null || Array.isArray(obj.logins))) {
    throw new KettleError(`the config file ${path}: "logins" is not a JSON object; fix or remove it`);
  }
  const logins = typeof obj.logins === 'object' && obj.logins !== null && !Array.isArray(obj.logins) ? (obj.logins as Record<string, StoredLogin>) : {};
  if (strict) {
    for (const [name, login] of Object.entries(logins)) {
      const problem = loginProblem(login);
      if (problem !== undefined) {
        throw new KettleError(`the config file ${path}: login "${name}" ${problem}; fix it, or remove it with: kettle login delete ${name}`);
      }
    }
  }
  const data: ConfigData = { logins };
  if (typeof obj.default === 'string') data.default = obj.default;
  return data;
}

/**
 * Create the config folder (0700) and the folders above it that are missing,
 * one at a time: Node's recursive mkdir spins for ever on a file system that
 * answers "no such file" to creating (procfs), and its errors name no folder
 * a user would recognise.
 */
export function makeConfigDir(dir: string): void {
  const fail = (why: string) => new KettleError(`cannot create the config folder ${dir}: ${why}; set KETTLE_CONFIG_DIR to another folder`);
  const missing: string[] = [];
  for (let at = resolve(dir); ; ) {
    try {
      if (!statSync(at).isDirectory()) throw fail(at === resolve(dir) ? 'it is a file, not a folder' : `${at} is a file, not a folder`);
      break;
    } catch (err) {
      if (err instanceof KettleError) throw err;
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(reason(err));
      missing.push(at);
      const parent = dirname(at);
      if (parent === at) break;
      at = parent;
    }
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder, { mode: 0o700 });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Made meanwhile by another kettle: fine.
      if (code === 'EEXIST' && statSync(folder, { throwIfNoEntry: false })?.isDirectory()) continue;
      throw fail(code === 'ENOENT' ? `the file system does not allow a folder at ${folder}` : reason(err));
    }
  }
}

/**
 * Read the config file; a missing file is an empty config. A file readable by
 * group or others is tightened to 0600, with a warning.
 */
export function readConfig(dir: string, warn: (msg: string) => void = () => undefined): ConfigData {
  const path = configPath(dir);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { logins: {} };
    throw new KettleError(`cannot read the config file ${path}: ${reason(err)}`);
  }
  try {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) {
      chmodSync(path, 0o600);
      warn(`the config file ${path} was readable by others (mode ${mode.toString(8)}); it is now 0600`);
    }
  } catch {
    // Not ours to fix (another owner, read-only file system): reading still works.
  }
  if (text.trim() === '') return { logins: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new KettleError(`the config file ${path} is not valid JSON (line ${jsonErrorLine(text, err)}); fix or remove it`);
  }
  return normalize(raw, path);
}

/** What a write may do beside the change: move file-held secrets to the keyring. */
export interface WriteOptions {
  /** --dry-run: the change (and any secret moved) is shown, one line each, and neither file nor keyring touched. Every writer says. */
  dryRun: DryRun | undefined;
  /** The environment the keyring is reached from; without it, no secret is moved. */
  env?: NodeJS.ProcessEnv;
  /** Told the names of the logins whose secrets were moved to the keyring. */
  onMoved?: (names: string[]) => void;
  /** The keyring is known to be absent (this command just found so): do not ask it again. */
  keyringAbsent?: boolean;
}

/**
 * Apply a change to the stored config and write it back with mode 0600, under
 * a lock so concurrent kettle processes lose no change. The folder is created 0700.
 * Logins stored by earlier versions (their secret in the file, not asked to
 * stay there) have their secret moved to the keyring when the file is written.
 */
export async function updateConfig(dir: string, change: (data: ConfigData) => void | Promise<void>, options: WriteOptions): Promise<ConfigData> {
  // A dry run writes nothing: no folder made, no lock taken.
  if (options.dryRun !== undefined) return writeChange(dir, change, options);
  makeConfigDir(dir);
  return withConfigLock(dir, () => writeChange(dir, change, options));
}

/**
 * As updateConfig, for a caller that already holds the config lock (it read
 * the file under the lock and decides from what it read: renewing a browser
 * login's token).
 */
export async function updateConfigLocked(dir: string, change: (data: ConfigData) => void | Promise<void>, options: WriteOptions): Promise<ConfigData> {
  return writeChange(dir, change, options);
}

type ConfFile = { version?: number; default?: string; logins: Record<string, StoredLogin> } & Record<string, unknown>;

async function writeChange(dir: string, change: (data: ConfigData) => void | Promise<void>, options: WriteOptions): Promise<ConfigData> {
  const { dryRun } = options;
  const file = dryRun === undefined ? await openConfig(dir) : { store: readRaw(dir) };
  const before = file.store;
  const data = normalize(before, configPath(dir), false);
  const was = dryRun === undefined ? undefined : normalize(structuredClone(before), configPath(dir), false);
  await change(data);
  const secrets = await import('./login-secrets.js');
  const moved = options.env !== undefined && !options.keyringAbsent ? await secrets.moveToKeyring(options.env, data, dryRun) : [];
  if (dryRun !== undefined && was !== undefined) {
    const { configChanges } = await import('./changes.js');
    for (const line of configChanges(configPath(dir), was, data)) dryRun.hold(line, 'local');
    return data;
  }
  // Keys this kettle does not use are kept as they are.
  const { default: _default, ...rest } = before;
  const next: ConfFile = { ...rest, version: CONFIG_VERSION, logins: data.logins };
  if (data.default !== undefined) next.default = data.default;
  try {
    // conf writes a temporary file and renames it over the old one: a failure leaves the old file whole.
    file.store = next;
  } catch (err) {
    // The file still holds the moved secrets: the keyring's copies would be strays.
    await secrets.forget(
      options.env,
      moved.map(([, ref]) => ref),
    );
    throw new KettleError(`cannot write the config file ${configPath(dir)}: ${reason(err)}; nothing was changed`);
  }
  try {
    // conf applies the mode only when it creates the file; make sure either way.
    chmodSync(configPath(dir), 0o600);
  } catch {
    // The change is made; a file conf created is 0600 already, and readConfig tightens one that is not.
  }
  if (moved.length > 0) options.onMoved?.(moved.map(([name]) => name));
  return data;
}

/** The config file through conf, which writes it. */
async function openConfig(dir: string): Promise<{ store: ConfFile }> {
  const { default: Conf } = await import('conf');
  try {
    return new Conf<ConfFile>({ cwd: dir, configName: 'config', configFileMode: 0o600, accessPropertiesByDotNotation: false, clearInvalidConfig: false });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === undefined ? `${(err as Error).message}; fix or remove it` : reason(err);
    throw new KettleError(`cannot read the config file ${configPath(dir)}: ${why}`);
  }
}

/** The config file as conf reads it, for a dry run (which writes nothing): a missing file is empty. */
function readRaw(dir: string): ConfFile {
  try {
    return JSON.parse(readFileSync(configPath(dir), 'utf8') || '{}') as ConfFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { logins: {} };
    const code = (err as NodeJS.ErrnoException).code;
    throw new KettleError(`cannot read the config file ${configPath(dir)}: ${code === undefined ? `${(err as Error).message}; fix or remove it` : reason(err)}`);
  }
}
