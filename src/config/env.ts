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

/** The server and token given by KETTLE_URL and KETTLE_TOKEN (CI), instead of a stored login. */
export interface EnvLogin {
  url: string;
  token: string;
}

/**
 * KETTLE_URL with KETTLE_TOKEN, or undefined when neither is set. Only one of
 * them is a mistake worth stopping for: the command would otherwise quietly
 * use a stored login.
 */
export function envLogin(env: NodeJS.ProcessEnv): EnvLogin | undefined {
  const url = setValue(env, 'KETTLE_URL');
  const token = setValue(env, 'KETTLE_TOKEN');
  if (url === undefined && token === undefined) return undefined;
  if (url === undefined) throw new AuthError('KETTLE_TOKEN is set but KETTLE_URL is not; set both to use the environment');
  if (token === undefined) throw new AuthError('KETTLE_URL is set but KETTLE_TOKEN is not; set both to use the environment');
  return { url, token };
}

/** Both KETTLE_URL and KETTLE_TOKEN are set, so commands use them rather than the stored logins. */
export function hasEnvLogin(env: NodeJS.ProcessEnv): boolean {
  return setValue(env, 'KETTLE_URL') !== undefined && setValue(env, 'KETTLE_TOKEN') !== undefined;
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
