// Stored logins. Reading is the hot path of every command, so it is a plain
// JSON read; writing goes through conf (atomic writes, file mode 0600), loaded
// only by the commands that change logins.
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AuthMethod } from '../api/auth.js';
import { KettleError } from '../errors.js';
import { envConfigDir } from './env.js';

export interface StoredLogin {
  /** API root, ending in /api/v1. */
  url: string;
  auth: AuthMethod;
  /** The account name the server reported when the login was added. */
  user?: string;
  token?: string;
  /** Only for Basic logins on servers that cannot mint tokens. */
  password?: string;
  /** Skip TLS certificate checks: for test servers with self-signed certificates. */
  insecure?: boolean;
  /** How `repo clone` reaches repositories of this server; https when absent. */
  gitProtocol?: 'https' | 'ssh';
  added?: string;
}

export interface ConfigData {
  default?: string;
  logins: Record<string, StoredLogin>;
}

const FILE_NAME = 'config.json';

export function configDir(env: NodeJS.ProcessEnv): string {
  const fromEnv = envConfigDir(env);
  if (fromEnv !== undefined) return fromEnv;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'kettle');
  return join(env.HOME || homedir(), '.config', 'kettle');
}

export function configPath(dir: string): string {
  return join(dir, FILE_NAME);
}

function normalize(raw: unknown, path: string): ConfigData {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new KettleError(`the config file ${path} is not a JSON object; fix or remove it`);
  }
  const obj = raw as Record<string, unknown>;
  const logins = typeof obj.logins === 'object' && obj.logins !== null ? (obj.logins as Record<string, StoredLogin>) : {};
  const data: ConfigData = { logins };
  if (typeof obj.default === 'string') data.default = obj.default;
  return data;
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
    throw new KettleError(`cannot read the config file ${path}: ${(err as Error).message}`);
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
  } catch {
    throw new KettleError(`the config file ${path} is not valid JSON; fix or remove it`);
  }
  return normalize(raw, path);
}

const LOCK_NAME = 'config.json.lock';
/** A lock older than this belongs to a process that hung or died: take it over. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file left by a process that is gone, or held for far too long. */
function isStale(path: string): boolean {
  try {
    const age = Date.now() - statSync(path).mtimeMs;
    // "PID TOKEN": the owner's process id, then what tells its own lock apart.
    const pid = Number(readFileSync(path, 'utf8').trim().split(' ')[0]);
    if (Number.isSafeInteger(pid) && pid > 0 && !processAlive(pid)) return true;
    return age > STALE_LOCK_MS;
  } catch {
    // Gone in the meantime, or half-written: try to take it again.
    return false;
  }
}

/**
 * Remove a stale lock, once. Two processes that both found the same stale
 * lock must not both remove "it": the second would remove the fresh lock the
 * first has just taken. So removing takes a second, short-lived lock, and the
 * lock is checked again under it. A takeover lock is held for a stat, a read
 * and an unlink; it is stale by the same rule as the lock (its process gone,
 * or held for far too long). Returns whether to try to take the lock again at once.
 */
export function removeStale(path: string): boolean {
  const takeover = `${path}.takeover`;
  let fd: number;
  try {
    fd = openSync(takeover, 'wx', 0o600);
  } catch {
    try {
      if (isStale(takeover)) unlinkSync(takeover);
    } catch {
      // Released meanwhile.
    }
    return false;
  }
  try {
    writeSync(fd, String(process.pid));
    if (isStale(path)) unlinkSync(path);
  } catch {
    // Removed meanwhile by its owner.
  } finally {
    closeSync(fd);
    try {
      unlinkSync(takeover);
    } catch {
      // Already gone.
    }
  }
  return true;
}

/**
 * Hold an exclusive lock on the config folder while `fn` runs. conf writes
 * atomically, but two processes that read, change and write the file at once
 * would each drop the other's change; the O_EXCL lock file serialises them.
 */
async function withConfigLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const path = join(dir, LOCK_NAME);
  const deadline = Date.now() + LOCK_WAIT_MS;
  let fd: number | undefined;
  for (let delay = 5; fd === undefined; delay = Math.min(delay * 2, 100)) {
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new KettleError(`cannot lock the config file in ${dir}: ${(err as Error).message}`);
      }
      if (isStale(path) && removeStale(path)) continue;
      if (Date.now() > deadline) {
        throw new KettleError(`the config file in ${dir} is locked by another kettle process; if none is running, remove ${path}`);
      }
      await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    }
  }
  // Only this lock is released: one held so long that another kettle took it
  // over is that kettle's now. A signal ends the process without running
  // finally blocks: release on exit too.
  const mine = `${process.pid} ${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const release = () => {
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  try {
    writeSync(fd, mine);
    closeSync(fd);
    return await fn();
  } finally {
    process.removeListener('exit', release);
    release();
  }
}

/**
 * Apply a change to the stored config and write it back with mode 0600, under
 * a lock so concurrent kettle processes lose no change. The folder is created 0700.
 */
export async function updateConfig(dir: string, change: (data: ConfigData) => void): Promise<ConfigData> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return withConfigLock(dir, () => writeChange(dir, change));
}

async function writeChange(dir: string, change: (data: ConfigData) => void): Promise<ConfigData> {
  const { default: Conf } = await import('conf');
  let store: InstanceType<typeof Conf<{ default?: string; logins: Record<string, StoredLogin> }>>;
  try {
    store = new Conf({
      cwd: dir,
      configName: 'config',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    });
  } catch (err) {
    throw new KettleError(`cannot read the config file ${configPath(dir)}: ${(err as Error).message}; fix or remove it`);
  }
  const data = normalize(store.store, configPath(dir));
  change(data);
  const next: { default?: string; logins: Record<string, StoredLogin> } = { logins: data.logins };
  if (data.default !== undefined) next.default = data.default;
  store.store = next;
  // conf applies the mode only when it creates the file; make sure either way.
  chmodSync(configPath(dir), 0o600);
  return data;
}
