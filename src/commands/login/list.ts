// kettle login list: the stored logins, never their secrets.
import { hostOf, instanceRoot } from '../../api/url.js';
import { hasEnvLogin } from '../../config/env.js';
import type { StoredLogin } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import { cachedServer, describeServer } from '../../context/server.js';
import { keyOf, type LoginEntry, loginsFor } from '../../context/locate.js';
import { type Column, printList } from '../../output/printer.js';

// In a window too narrow for every column, the `drop` ranks say which go
// first; a login without certificate checks says so for as long as it can.
export const loginColumns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'url', header: 'URL' },
  { key: 'user', header: 'USER', drop: 3 },
  { key: 'auth', header: 'AUTH', drop: 1 },
  // The default login, and the login each other server's repositories use
  // (the others on the same URL serve only with --login).
  {
    key: 'default',
    header: 'USED FOR',
    get: (r) => (r.default ? 'default' : r.host_login ? `${hostOf(String(r.url))}${new URL(String(r.url)).pathname.replace(/\/$/, '')}` : ''),
    drop: 2,
  },
  { key: 'server_version', header: 'SERVER', drop: 0 },
  { key: 'tls', header: 'TLS', drop: 4 },
  { key: 'git_protocol', header: 'GIT', drop: 0 },
  // Last, so scripts that read the columns before it by position read them still.
  { key: 'secret', header: 'SECRET', drop: 1 },
];

export async function run(ctx: Context): Promise<void> {
  const config = ctx.logins.config();
  const entries = Object.entries(config.logins).map(([name, l]) => ({ name, url: l.url }));
  const now = ctx.io.now().getTime();
  const known = (root: string): string | null => {
    const info = cachedServer(ctx.env, root, now);
    return info ? describeServer(info) : null;
  };
  const records = Object.entries(config.logins).map(([name, login]) => ({
    name,
    url: instanceRoot(login.url),
    api_url: login.url,
    user: login.user ?? null,
    auth: login.auth,
    insecure: login.insecure === true,
    git_protocol: login.gitProtocol ?? 'https',
    // Plain to see: a login that skips certificate checks says so in capitals.
    tls: login.insecure ? 'INSECURE (no certificate check)' : login.url.startsWith('https:') ? 'checked' : 'plain http',
    // What the cache folder knows (learned by a command that needed it); never a request here.
    server_version: known(login.url),
    // Where the token (or password) is kept: the keyring, the config file, or nowhere (a broken login).
    secret: secretPlace(login),
    default: name === config.default,
    host_login: hostLogin(login.url, entries, config.default) === name,
  }));
  if (hasEnvLogin(ctx.env)) {
    ctx.term.info('kettle: KETTLE_URL and KETTLE_TOKEN are set: commands use them, not the stored logins');
  }
  await printList(ctx.io, ctx.output, records, loginColumns, 'No stored logins. Add one with: kettle login add --url URL');
}

/** Where a stored login's secret is kept, as `login list` and `login status` say it. */
export function secretPlace(login: StoredLogin): 'keyring' | 'file' | 'none' {
  if (login.keyring !== undefined) return 'keyring';
  return login.token || login.password ? 'file' : 'none';
}

/** The login a repository at this login's URL uses: the default among those of that URL, else the first. */
function hostLogin(url: string, logins: LoginEntry[], defaultName: string | undefined): string | undefined {
  const key = keyOf(url);
  if (key === undefined) return undefined;
  const hostname = key.split('/', 1)[0]?.replace(/:\d+$/, '') ?? '';
  return loginsFor({ key, hostname, exact: true, loose: false, root: url }, logins, defaultName)[0]?.name;
}
