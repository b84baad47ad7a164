// Stored logins. Reading is the hot path of every command, so it is a plain
// JSON read; writing goes through conf (atomic writes, file mode 0600), loaded
// only by the commands that change logins.
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AuthMethod } from '../api/client.js';
import { KettleError } from '../errors.js';

export interface StoredLogin {
  /** API root, ending in /api/v1. */
  url: string;
  auth: AuthMethod;
  /** The account name the server reported when the login was added. */
  user?: string;
  token?: string;
  /** Only for Basic logins on servers that cannot mint tokens. */
  password?: string;
  added?: string;
}

export interface ConfigData {
  default?: string;
  logins: Record<string, StoredLogin>;
}

const FILE_NAME = 'config.json';

export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.KETTLE_CONFIG_DIR) return env.KETTLE_CONFIG_DIR;
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

/**
 * Apply a change to the stored config and write it back with mode 0600.
 * The folder is created 0700.
 */
export async function updateConfig(dir: string, change: (data: ConfigData) => void): Promise<ConfigData> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
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
