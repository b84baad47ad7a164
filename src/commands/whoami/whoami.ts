// kettle whoami: the user the current credentials belong to.
import * as users from '../../api/gitea/users.js';
import { instanceRoot } from '../../api/url.js';
import { inActionsJob, jobRepository } from '../../config/env.js';
import type { Context } from '../../context/context.js';
import type { ResolvedLogin } from '../../context/logins.js';
import { describeServer } from '../../context/server.js';
import { printRecord } from '../../output/printer.js';
import { userColumns } from '../records.js';

export async function run(ctx: Context): Promise<void> {
  const login = ctx.logins.resolve();
  const job = jobRepository(ctx.env);
  const api = await ctx.clients.api(login);
  const me = await users.me(api);
  // After /user, on the same connection; from the cache folder once known.
  // A server whose version cannot be read hides nothing else.
  const server = await ctx.server().catch(() => undefined);
  await printRecord(ctx.io, ctx.output, me, [
    ...userColumns,
    { key: 'server', header: 'SERVER', get: () => instanceRoot(login.root) },
    { key: 'server_version', header: 'VERSION', get: () => (server ? (server.version === '' ? 'unknown (no GET /version)' : `${describeServer(server)} (${server.version})`) : null) },
    // kettle_login, not login_name: that is a field of Gitea's user record (the sign-in source's name).
    { key: 'kettle_login', header: 'VIA', get: () => (login.source === 'env' ? `${via(login)}${inActionsJob(ctx.env) ? ' (Actions job)' : ''}` : `login "${login.name}"`) },
    ...(job !== undefined ? [{ key: 'repository', header: 'REPOSITORY', get: () => `${job} (GITHUB_REPOSITORY)` }] : []),
  ]);
}

/** Where the environment's server and token came from: "KETTLE_URL/KETTLE_TOKEN", or in a job "server from GITHUB_SERVER_URL, token from GITEA_TOKEN". */
function via(login: ResolvedLogin): string {
  const from = login.from ?? { url: 'KETTLE_URL', token: 'KETTLE_TOKEN' };
  if (from.url === 'KETTLE_URL' && from.token === 'KETTLE_TOKEN') return 'KETTLE_URL/KETTLE_TOKEN';
  return `server from ${from.url}, token from ${from.token}`;
}
