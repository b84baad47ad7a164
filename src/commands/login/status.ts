// kettle login status [--login NAME]...: each login checked against its
// server: who the credentials are, where the secret is kept, what the token
// may do and when it expires. The servers are asked side by side.
import type { Credentials } from '../../api/auth.js';
import { readScopes, type ScopeReading } from '../../api/gitea/scopes.js';
import * as users from '../../api/gitea/users.js';
import { apiRoot, instanceRoot } from '../../api/url.js';
import { envLogin, envLoginName } from '../../config/env.js';
import { type OAuthGrant, readConfig } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import { credentialsOf } from '../../context/logins.js';
import { ApiError, ExitCode, exitCodeFor, formatError, KettleError } from '../../errors.js';
import { type Column, printList } from '../../output/printer.js';
import { secretPlace } from './list.js';

interface Checked {
  name: string;
  source: 'stored' | 'environment';
  default: boolean;
  server: string;
  /** The account the server says the credentials are; the stored one when the server could not be asked. */
  user: string | null;
  auth: string;
  /** keyring, file, environment (KETTLE_TOKEN), none. */
  secret: string;
  /** ok, rejected (the server refused the credentials), failed (no answer, or another error). */
  state: 'ok' | 'rejected' | 'failed';
  error: string | null;
  /** The token's exact scopes when known (Gitea says them; kettle minted it); null otherwise. */
  scopes: string[] | null;
  /** Scope categories the token can read at least, and those it lacks (null: not read). */
  readable: string[] | null;
  lacking: string[] | null;
  /** Access tokens of Gitea and Forgejo do not expire (but a browser login's OAuth2 token: renewed); a password login has no expiry either. */
  expires: string | null;
}

const columns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'server', header: 'SERVER', drop: 3 },
  { key: 'user', header: 'USER' },
  { key: 'secret', header: 'SECRET', drop: 2 },
  { key: 'state', header: 'STATE', get: (r) => (r.state === 'ok' ? 'ok' : `${String(r.state)}: ${String(r.error ?? '')}`) },
  { key: 'scopes', header: 'SCOPES', get: (r) => scopeText(r as unknown as Checked), drop: 1 },
  { key: 'expires', header: 'EXPIRES', drop: 0 },
];

/** What the token may do, in a cell: its scopes when known, else what it can read and what it lacks. */
function scopeText(r: Checked): string {
  if (r.scopes !== null) return r.scopes.join(',');
  if (r.readable === null) return '';
  return r.lacking && r.lacking.length > 0 ? `lacks ${r.lacking.join(',')}` : 'reads every category';
}

interface Target {
  name: string;
  source: 'stored' | 'environment';
  root: string;
  credentials: Credentials;
  storedUser?: string;
  minted?: string[];
  secret: string;
  insecure: boolean;
  /** A browser login: renewed as any command renews it, and its token's expiry shown. */
  oauth?: OAuthGrant;
}

/** The logins to check: those named, else KETTLE_URL's, else KETTLE_LOGIN's, else every stored one. */
function targets(ctx: Context): Target[] {
  const stored = (name: string): Target => {
    const l = ctx.logins.stored(name);
    return {
      name,
      source: 'stored',
      root: l.url,
      credentials: credentialsOf(l, name),
      ...(l.user ? { storedUser: l.user } : {}),
      ...(l.scopes ? { minted: l.scopes } : {}),
      secret: secretPlace(l),
      insecure: l.insecure === true,
      ...(l.oauth ? { oauth: l.oauth } : {}),
    };
  };
  const named = [...new Set(ctx.flags.logins ?? (ctx.flags.login ? [ctx.flags.login] : []))];
  if (named.length > 0) return named.map(stored);
  const fromEnv = envLogin(ctx.env);
  if (fromEnv) {
    const root = apiRoot(fromEnv.url, 'KETTLE_URL');
    return [{ name: fromEnv.tokenFrom, source: 'environment', root, credentials: { method: 'header', token: fromEnv.token }, secret: 'environment', insecure: false }];
  }
  const one = envLoginName(ctx.env);
  if (one !== undefined) return [stored(one)];
  const names = Object.keys(ctx.logins.config().logins);
  // No login at all: the usual "not logged in" (exit 4) with what to do.
  if (names.length === 0) ctx.logins.resolve();
  return names.map(stored);
}

async function check(ctx: Context, t: Target): Promise<Checked & { authFailure?: boolean }> {
  const defaultName = t.source === 'stored' ? ctx.logins.config().default : undefined;
  const base = {
    name: t.name,
    source: t.source,
    default: t.source === 'stored' && defaultName === t.name,
    server: instanceRoot(t.root),
    auth: t.credentials.method === 'keyring' ? t.credentials.auth : t.credentials.method,
    secret: t.secret,
  };
  try {
    let credentials = t.credentials;
    let renew: ((spent: string) => Promise<Credentials>) | undefined;
    if (t.oauth !== undefined && t.source === 'stored') {
      const { dueForRenewal, renewLogin } = await import('../../context/oauth.js');
      const deps = ctx.clients.renewDeps();
      if (dueForRenewal(t.oauth, new Date())) credentials = await renewLogin(deps, t.name);
      renew = (spent) => renewLogin(deps, t.name, { spent });
    }
    const api = await ctx.clients.clientFor(t.root, credentials, { ...(t.insecure ? { insecure: true } : {}), name: t.name, timeoutScope: 'client', ...(renew ? { renew } : {}) });
    const me = await users.me(api);
    const user = me.login || t.storedUser || null;
    const basic = base.auth === 'basic';
    let reading: ScopeReading | undefined;
    if (!basic && user) reading = await readScopes(api, user);
    const exact = reading?.exact ?? (reading && reading.lacking.length === 0 && t.minted ? t.minted : undefined);
    return {
      ...base,
      user,
      state: 'ok',
      error: null,
      // A password login may do whatever the account may.
      scopes: basic ? ['all'] : (exact ?? null),
      readable: reading?.readable ?? null,
      lacking: reading?.lacking ?? null,
      // A browser login's token expires (and is renewed): when, as the file says after any renewal.
      expires: t.oauth !== undefined ? (readConfig(ctx.logins.configDir()).logins[t.name]?.oauth?.expires ?? null) : 'never',
    };
  } catch (err) {
    const rejected = err instanceof ApiError && err.status === 401;
    const lines = formatError(err, ctx.flags.debug).map((l) => l.replace(/^kettle: /, ''));
    return {
      ...base,
      user: t.storedUser ?? null,
      // Only the server refuses a login; a keyring that cannot be read fails it (exit 4 all the same).
      state: rejected ? 'rejected' : 'failed',
      authFailure: exitCodeFor(err) === ExitCode.auth,
      error: lines[0] ?? 'unknown error',
      scopes: null,
      readable: null,
      lacking: null,
      expires: null,
    };
  }
}

export async function run(ctx: Context): Promise<void> {
  const list = targets(ctx);
  const results = await Promise.all(list.map((t) => check(ctx, t)));
  await printList(
    ctx.io,
    ctx.output,
    results.map(({ authFailure: _auth, ...r }) => r),
    columns,
  );
  const failed = results.filter((r) => r.state !== 'ok');
  if (failed.length === 0) return;
  throw new KettleError(
    `${failed.length} of ${results.length} login${results.length === 1 ? '' : 's'} did not check out: ${failed.map((r) => `${r.name} (${r.error})`).join('; ')}`,
    // A refused login is what a script checks for: it wins over a server that could not be reached.
    failed.some((r) => r.authFailure) ? ExitCode.auth : ExitCode.failure,
  );
}
