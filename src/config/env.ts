// Every KETTLE_* variable kettle reads, and what each may hold. Each is read
// when it is needed, not all at start-up: a bad KETTLE_TIMEOUT fails only a
// command that makes requests. The entry chunk loads this file, so it stays
// free of anything heavy.
import { AuthError, UsageError } from '../errors.js';
import { parseMaxResponse, parseTimeout } from './settings.js';

/** The most pages of a list kettle fetches at once. */
export const MAX_CONCURRENCY = 32;

/** An environment switch: set, and not empty, 0 or false. */
export function truthyEnv(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** A variable's value; set but empty counts as unset. */
function setValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The server and token given by the environment (CI), instead of a stored
 * login: KETTLE_URL and KETTLE_TOKEN, or inside a Gitea or Forgejo Actions
 * job the job's own server and token. `urlFrom` and `tokenFrom` name the
 * variables they came from.
 */
export interface EnvLogin {
  url: string;
  token: string;
  urlFrom: string;
  tokenFrom: string;
}

/** The token variables of an Actions job, in the order they are taken. */
export const JOB_TOKEN_VARIABLES = ['KETTLE_TOKEN', 'GITEA_TOKEN', 'FORGEJO_TOKEN', 'GITHUB_TOKEN'] as const;

/**
 * Whether kettle runs inside a Gitea or Forgejo Actions job: GITEA_ACTIONS or
 * FORGEJO_ACTIONS set, or GITHUB_ACTIONS with a GITHUB_SERVER_URL that is not
 * GitHub's own (the runners set the GitHub names too).
 */
export function inActionsJob(env: NodeJS.ProcessEnv): boolean {
  if (truthyEnv(env.GITEA_ACTIONS) || truthyEnv(env.FORGEJO_ACTIONS)) return true;
  const server = setValue(env, 'GITHUB_SERVER_URL');
  return truthyEnv(env.GITHUB_ACTIONS) && server !== undefined && !/^https?:\/\/(www\.)?github\.com(\/|$)/i.test(server);
}

/**
 * KETTLE_URL with KETTLE_TOKEN, or in an Actions job GITHUB_SERVER_URL (unless
 * KETTLE_URL is set) with the first job token variable that is set; undefined
 * when the environment names no server. Only one of KETTLE_URL and
 * KETTLE_TOKEN outside a job is a mistake worth stopping for: the command
 * would otherwise quietly use a stored login.
 */
export function envLogin(env: NodeJS.ProcessEnv): EnvLogin | undefined {
  if (inActionsJob(env)) {
    const urlFrom = setValue(env, 'KETTLE_URL') !== undefined ? 'KETTLE_URL' : setValue(env, 'GITHUB_SERVER_URL') !== undefined ? 'GITHUB_SERVER_URL' : undefined;
    const tokenFrom = JOB_TOKEN_VARIABLES.find((name) => setValue(env, name) !== undefined);
    if (urlFrom !== undefined && tokenFrom !== undefined) {
      return { url: setValue(env, urlFrom) as string, token: setValue(env, tokenFrom) as string, urlFrom, tokenFrom };
    }
    if (urlFrom === 'KETTLE_URL') throw new AuthError(`KETTLE_URL is set but none of ${JOB_TOKEN_VARIABLES.join(', ')} is; set one to use the environment`);
    return undefined;
  }
  const url = setValue(env, 'KETTLE_URL');
  const token = setValue(env, 'KETTLE_TOKEN');
  if (url === undefined && token === undefined) return undefined;
  if (url === undefined) throw new AuthError('KETTLE_TOKEN is set but KETTLE_URL is not; set both to use the environment');
  if (token === undefined) throw new AuthError('KETTLE_URL is set but KETTLE_TOKEN is not; set both to use the environment');
  return { url, token, urlFrom: 'KETTLE_URL', tokenFrom: 'KETTLE_TOKEN' };
}

/** The environment names a server and a token, so commands use them rather than the stored logins. */
export function hasEnvLogin(env: NodeJS.ProcessEnv): boolean {
  try {
    return envLogin(env) !== undefined;
  } catch {
    return false;
  }
}

/** In an Actions job, the repository the job runs for (GITHUB_REPOSITORY, OWNER/NAME). */
export function jobRepository(env: NodeJS.ProcessEnv): string | undefined {
  return inActionsJob(env) ? setValue(env, 'GITHUB_REPOSITORY') : undefined;
}

/** KETTLE_LOGIN: the stored login to use when --login is not given. */
export function envLoginName(env: NodeJS.ProcessEnv): string | undefined {
  return setValue(env, 'KETTLE_LOGIN');
}

/** KETTLE_CONFIG_DIR: the folder of the config file, instead of the XDG one. */
export function envConfigDir(env: NodeJS.ProcessEnv): string | undefined {
  return setValue(env, 'KETTLE_CONFIG_DIR');
}

/** KETTLE_DEBUG: the same as --debug. */
export function envDebug(env: NodeJS.ProcessEnv): boolean {
  return truthyEnv(env.KETTLE_DEBUG);
}

/** KETTLE_TIMEOUT: seconds before a request is given up, as milliseconds. */
export function envTimeoutMs(env: NodeJS.ProcessEnv): number | undefined {
  const value = setValue(env, 'KETTLE_TIMEOUT');
  return value === undefined ? undefined : parseTimeout(value, 'KETTLE_TIMEOUT');
}

/** KETTLE_MAX_RESPONSE_MB: the largest response body accepted, in bytes. */
export function envMaxResponseBytes(env: NodeJS.ProcessEnv): number | undefined {
  const value = setValue(env, 'KETTLE_MAX_RESPONSE_MB');
  return value === undefined ? undefined : parseMaxResponse(value);
}

/** KETTLE_CONCURRENCY: pages of a list fetched at once (1 follows them one after another). */
export function envConcurrency(env: NodeJS.ProcessEnv): number | undefined {
  const value = setValue(env, 'KETTLE_CONCURRENCY');
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > MAX_CONCURRENCY) {
    throw new UsageError(`KETTLE_CONCURRENCY takes a whole number from 1 to ${MAX_CONCURRENCY}, not "${value}"`);
  }
  return n;
}
