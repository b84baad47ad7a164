// The server itself: GET /version.
import type { ApiClient, Credentials } from '../client.js';
import { ApiError } from '../../errors.js';
import { record } from './send.js';

/**
 * The version, or "" from a server without GET /version (the service of the
 * first API description has none): unknown, which is no error.
 */
export function versionOrNone(api: ApiClient, credentials?: Credentials): Promise<string> {
  return version(api, credentials).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return '';
    throw err;
  });
}

/**
 * The version the server reports, as written there: "1.23.8" for Gitea,
 * "15.0.3+gitea-1.22.0" for Forgejo (its own version, then the Gitea API it follows).
 */
export async function version(api: ApiClient, credentials?: Credentials): Promise<string> {
  const answer = await record<{ version?: unknown }>(api, 'GET', '/version', credentials ? { credentials } : {});
  if (typeof answer.version !== 'string' || answer.version === '') throw new TypeError('the server named no version (GET /version)');
  return answer.version;
}
