// kettle login add: check credentials with GET /user, then store them.
import { hostname } from 'node:os';
import type { ApiClient, AuthMethod, Credentials } from '../../api/client.js';
import * as users from '../../api/gitea/users.js';
import type { User } from '../../api/gitea/types.js';
import { apiRoot, hostOf, instanceRoot } from '../../api/url.js';
import type { KeyringRef } from '../../config/keyring.js';
import { configPath, type StoredLogin, updateConfig } from '../../config/store.js';
import { TOKEN_SCOPES } from './scope-uses.js';
import type { Context } from '../../context/context.js';
import { credentialsOf } from '../../context/logins.js';
import { rememberServer } from '../../context/server.js';
import { canPrompt } from '../../io.js';
import { ask, choose } from '../../context/prompt.js';
import { readStdin } from '../input.js';
import { ApiError, AuthError, UsageError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/add.js';

export type AddOptions = OptionsOf<typeof definition.add>;

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,63}$/;

export { TOKEN_SCOPES } from './scope-uses.js';

interface Gathered {
  token?: string;
  user?: string;
  password?: string;
}

async function gatherCredentials(ctx: Context, opts: AddOptions, auth: AuthMethod | undefined): Promise<Gathered> {
  const io = ctx.io;
  let { token, user, password } = opts;
  if (token !== undefined && opts.withToken) throw new UsageError('use either --token or --with-token, not both');
  if (password !== undefined && user === undefined) throw new UsageError('--password needs --user');
  if (opts.passwordStdin) {
    if (password !== undefined) throw new UsageError('use either --password or --password-stdin, not both');
    if (opts.withToken || token !== undefined) throw new UsageError('--password-stdin is for --user; a token goes with --token or --with-token');
    if (user === undefined) throw new UsageError('--password-stdin needs --user');
    // One trailing line break is the file's or echo's, not the password's.
    password = (await readStdin(ctx, '--password-stdin')).replace(/\r?\n$/, '');
    if (password === '') throw new UsageError('--password-stdin: standard input held no password');
  }
  if (opts.withToken) {
    token = (await readStdin(ctx, '--with-token')).trim();
    if (token === '') throw new UsageError('--with-token: standard input held no token');
  }
  if (token !== undefined && token.trim() === '') throw new UsageError('--token must not be empty');
  if (token === undefined && user === undefined) {
    if (!canPrompt(io)) {
      throw new UsageError('no credentials given: pass --token TOKEN, --with-token (token on standard input) or --user USER --password PW');
    }
    const how =
      auth === 'basic'
        ? 'password'
        : await choose(io, '--token', 'How do you want to log in?', [
            { title: 'Paste an access token', value: 'token' },
            { title: 'User name and password', value: 'password' },
          ]);
    if (how === 'token') token = await ask(io, '--token', { message: 'Access token', secret: true });
    else user = await ask(io, '--user', { message: 'User name' });
  }
  if (user !== undefined && token === undefined && password === undefined) {
    password = await ask(io, '--password', { message: `Password for ${user}`, secret: true });
  }
  if (auth === 'basic' && user === undefined) throw new UsageError('--auth basic needs --user USER');
  return {
    ...(token !== undefined ? { token } : {}),
    ...(user !== undefined ? { user } : {}),
    ...(password !== undefined ? { password } : {}),
  };
}

/** GET /user with the given credentials; a 401 becomes a clear auth error (but for a missing two-factor code: see withCode). */
async function verify(client: ApiClient, creds: Credentials, server: string, otp?: string): Promise<User> {
  try {
    return await users.me(client, creds, otp);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && !users.wantsOtp(err)) {
      throw new AuthError(`${server} rejected these credentials${err.serverMessage ? `: ${err.serverMessage}` : ''}`);
    }
    throw err;
  }
}

/**
 * Mint an access token with the password, as Gitea offers. Returns undefined
 * when the server has no such endpoint or refuses, so the caller can fall back
 * to storing the Basic credentials.
 */
async function mintToken(ctx: Context, client: ApiClient, user: string, password: string, otp: string | undefined): Promise<string | undefined> {
  const name = `kettle-${hostname()}-${ctx.io.now().getTime().toString(36)}`;
  try {
    const token = await users.createToken(client, user, { name, scopes: [...TOKEN_SCOPES] }, { method: 'basic', user, password }, otp);
    return users.tokenSecret(token);
  } catch (err) {
    if (err instanceof ApiError && [400, 403, 404, 405, 422, 501].includes(err.status)) {
      ctx.term.trace(`token minting refused: ${err.message}`);
      return undefined;
    }
    throw err;
  }
}

/**
 * Run `attempt` with the two-factor code known so far. When the server says
 * the account wants one (Gitea answers 401 "invalid provided OTP"), it is
 * asked for on a terminal and the attempt made again; without a terminal, or
 * when the code given was refused, exit 4 saying what to pass.
 */
async function withCode<T>(ctx: Context, user: string, code: { otp?: string }, attempt: (otp: string | undefined) => Promise<T>): Promise<T> {
  const refused = () => new AuthError(`the server did not accept the two-factor code for ${user}; codes last about 30 seconds: try again with a new one (--otp CODE)`);
  try {
    return await attempt(code.otp);
  } catch (err) {
    if (!users.wantsOtp(err)) throw err;
    if (code.otp !== undefined) throw refused();
    if (!canPrompt(ctx.io)) {
      throw new AuthError(`${user} has two-factor authentication: the server wants the one-time code`, [
        '  Pass it with --otp CODE (the code your authenticator app shows now), or log in with a token.',
      ]);
    }
    code.otp = (await ask(ctx.io, '--otp', { message: `Two-factor code for ${user}`, check: (v) => (/^\s*\S+\s*$/.test(v) ? undefined : 'Type the code your authenticator shows') })).trim();
    return attempt(code.otp).catch((again: unknown) => {
      throw users.wantsOtp(again) ? refused() : again;
    });
  }
}

export async function run(ctx: Context, opts: AddOptions): Promise<void> {
  const { auth, name } = opts;
  // A login is the administrator's own: stored under another user's name, its later commands would say one user and act as another.
  if (ctx.flags.sudo !== undefined) throw new UsageError('--sudo acts on the requests of a login already added; add the login without it, then pass --sudo to other commands');
  if (opts.otp !== undefined && opts.user === undefined) throw new UsageError('--otp goes with --user: a token needs no two-factor code');
  if (opts.otp !== undefined && opts.otp.trim() === '') throw new UsageError('--otp must not be empty');
  if (name !== undefined && !NAME_RE.test(name)) {
    throw new UsageError(`invalid --name "${name}": use letters, digits and . _ : @ - (at most 64)`);
  }
  if (opts.web) {
    const other = (['token', 'withToken', 'user', 'password', 'passwordStdin'] as const).find((k) => opts[k] !== undefined && opts[k] !== false);
    if (other !== undefined) throw new UsageError(`--web logs in in the browser: leave out --${other.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    if (auth !== undefined && auth !== 'header') throw new UsageError('--web stores an OAuth2 access token, sent as a header: leave out --auth');
  } else if (opts.clientId !== undefined) throw new UsageError('--client-id goes with --web');
  const url = opts.url ?? (await ask(ctx.io, '--url', { message: 'Server URL (for example https://git.example.com)' }));
  const root = apiRoot(url);
  // Messages name the server with its scheme: http:// against https:// is often the whole story.
  const server = instanceRoot(root);
  const { insecure } = opts;
  const creds = opts.web ? {} : await gatherCredentials(ctx, opts, auth);
  const client = await ctx.clients.clientFor(root, { method: 'none' }, insecure ? { insecure } : {});

  let stored: StoredLogin;
  let me: User;
  let note: string | undefined;
  if (opts.web) {
    const { webLogin } = await import('./web.js');
    stored = await webLogin(ctx, root, { clientId: opts.clientId, insecure });
    me = await verify(client, { method: 'header', token: stored.token ?? '' }, server);
  } else if (creds.token !== undefined) {
    const method = auth ?? 'header';
    const check: Credentials = method === 'basic' ? { method, user: creds.user ?? '', password: creds.token } : { method, token: creds.token };
    me = await verify(client, check, server);
    stored = { url: root, auth: method, token: creds.token };
  } else {
    const user = creds.user ?? '';
    const password = creds.password ?? '';
    const basic: Credentials = { method: 'basic', user, password };
    const code: { otp?: string } = opts.otp !== undefined ? { otp: opts.otp } : {};
    me = await withCode(ctx, user, code, (otp) => verify(client, basic, server, otp));
    const minted = auth === 'basic' ? undefined : await withCode(ctx, user, code, (otp) => mintToken(ctx, client, user, password, otp));
    if (minted !== undefined) {
      const method = auth === 'query' ? 'query' : 'header';
      await verify(client, { method, token: minted }, server);
      stored = { url: root, auth: method, token: minted, scopes: [...TOKEN_SCOPES] };
      note = 'created an access token for kettle; the password was not stored';
    } else {
      stored = { url: root, auth: 'basic', user, password };
      note = auth === 'basic' ? 'stored the password for HTTP Basic' : `${server} did not create an access token; stored the password for HTTP Basic`;
    }
  }
  // The server's version, learned now that kettle talks to it anyway, so `login list` shows it at once (issue 34,
  // 14). A server that does not say (no GET /version) stays unknown, which is no error.
  const { versionOrNone } = await import('../../api/gitea/server.js');
  const told = await versionOrNone(client, credentialsOf(stored)).catch(() => '');
  if (told !== '') rememberServer(ctx.env, root, told, ctx.io.now().getTime());
  const login = me.login || creds.user;
  if (login) stored.user = login;
  if (insecure) stored.insecure = true;
  // https is the default and goes unsaved, so logins stored before the choice existed read the same.
  if (opts.gitProtocol === 'ssh') stored.gitProtocol = 'ssh';
  stored.added = ctx.io.now().toISOString();

  let loginName = name ?? hostOf(root);
  const secretName = stored.auth === 'basic' && stored.password !== undefined ? 'password' : stored.oauth?.refreshToken !== undefined ? 'token and its refresh token' : 'token';
  const placed = await placeSecret(ctx, opts, stored, server, loginName, login);
  let isDefault = false;
  let replaced: { user: string | undefined } | undefined;
  let keptBeside: string | undefined;
  let twins: string[] = [];
  let oldRef: KeyringRef | undefined;
  const moved: string[] = [];
  const written = updateConfig(
    ctx.logins.configDir(),
    (data) => {
      const there = data.logins[loginName];
      // Without --name, another account's login of that name is kept: this one gets a name of its own (issue 34, 3).
      if (name === undefined && there !== undefined && typeof there === 'object' && there !== null && typeof there.user === 'string' && !sameAccount(there.user, login)) {
        keptBeside = loginName;
        const base = `${loginName}-${(login ?? 'user').toLowerCase()}`;
        loginName = base;
        for (let i = 2; loginName in data.logins && !sameAccount((data.logins[loginName] as { user?: unknown }).user, login); i++) loginName = `${base}-${i}`;
      }
      const old = data.logins[loginName];
      oldRef = typeof old === 'object' && old !== null ? old.keyring : undefined;
      replaced = old === undefined ? undefined : { user: typeof old === 'object' && old !== null && typeof old.user === 'string' ? old.user : undefined };
      // Stored as asked (scripts add named logins on purpose), but said: two
      // logins answering for one account are rarely meant.
      twins = Object.entries(data.logins)
        .filter(([other, l]) => other !== loginName && typeof l === 'object' && l !== null && l.url === root && sameAccount(l.user, login))
        .map(([other]) => other);
      data.logins[loginName] = stored;
      if (!data.default || !(data.default in data.logins)) data.default = loginName;
      isDefault = data.default === loginName;
    },
    { dryRun: ctx.dryRun, env: ctx.env, keyringAbsent: placed.absent, onMoved: (names) => moved.push(...names) },
  );
  try {
    await written;
  } catch (err) {
    // The login was not stored: the keyring's new item would be a stray.
    if (stored.keyring !== undefined) await forgetSecret(ctx, stored.keyring);
    if (stored.oauth?.refreshKeyring !== undefined) await forgetSecret(ctx, stored.oauth.refreshKeyring);
    throw err;
  }
  if (oldRef !== undefined && (oldRef.service !== stored.keyring?.service || oldRef.account !== stored.keyring?.account)) {
    if (!(await forgetSecret(ctx, oldRef))) ctx.term.warn(`the replaced ${secretName} of login "${loginName}" stays in the keyring (${oldRef.service}, ${oldRef.account}); remove it there`);
  }
  if (note) ctx.term.info(`kettle: ${note}`);
  if (placed.note) ctx.term.info(`kettle: ${placed.note.replace('SECRET is', `${secretName} ${secretName.includes(' and ') ? 'are' : 'is'}`).replace('FILE', configPath(ctx.logins.configDir()))}`);
  if (moved.length > 0) ctx.term.info(`kettle: moved the secrets of ${moved.map((m) => `"${m}"`).join(', ')}, stored by an earlier kettle, from the config file to the keyring`);
  if (keptBeside !== undefined) ctx.term.info(`kettle: login "${keptBeside}" is another account's and stays; this one is saved as "${loginName}" (use it with --login ${loginName})`);
  if (replaced !== undefined)
    ctx.term.info(
      `kettle: login "${loginName}" already served ${replaced.user ?? 'an unnamed account'} on it; its credential is replaced; a token it held stays valid on the server until revoked there`,
    );
  if (twins.length > 0 && login) {
    const names = twins.map((t) => `"${t}"`).join(', ');
    ctx.term.info(
      `kettle: note: ${twins.length === 1 ? 'login' : 'logins'} ${names} already ${twins.length === 1 ? 'serves' : 'serve'} ${login} on ${server}; ` +
        `"${loginName}" is stored beside ${twins.length === 1 ? 'it' : 'them'} (remove one with: kettle login delete NAME)`,
    );
  }
  const fullName = me.full_name;
  ctx.term.success(
    `Logged in to ${instanceRoot(root)} as ${login ?? 'unknown user'}${fullName ? ` (${fullName})` : ''}; ` +
      `${replaced !== undefined ? 'updated' : 'saved as'} login "${loginName}"${isDefault ? ' (default)' : ''}`,
  );
}

/**
 * Put the login's secret where it is kept: the keyring by default (then the
 * config file holds only where to find it), the config file with
 * --insecure-storage or when no keyring answers or it refuses (said once, by
 * the note). `absent`: no keyring answered, so the write need not ask it again.
 */
async function placeSecret(ctx: Context, opts: AddOptions, stored: StoredLogin, server: string, loginName: string, user: string | undefined): Promise<{ note?: string; absent: boolean }> {
  if (opts.insecureStorage) {
    stored.insecureStorage = true;
    return { absent: false };
  }
  const secret = stored.auth === 'basic' ? (stored.password ?? stored.token) : stored.token;
  if (secret === undefined) return { absent: false };
  const keyring = await import('../../config/keyring.js');
  const ref = keyring.newRef(server, loginName, user, ctx.io.now());
  try {
    await keyring.setSecret(ctx.env, ref, secret, ctx.dryRun);
  } catch (err) {
    if (!(err instanceof keyring.KeyringError)) throw err;
    const why = err.kind === 'absent' ? `no keyring answered (${err.reason})` : `the keyring refused it (${err.reason})`;
    return { note: `${why}: the SECRET is kept in the config file FILE (mode 0600)`, absent: err.kind === 'absent' };
  }
  stored.keyring = ref;
  delete stored.token;
  delete stored.password;
  const refresh = stored.oauth?.refreshToken;
  if (stored.oauth !== undefined && refresh !== undefined) {
    const refreshRef = keyring.newRef(server, loginName, user, ctx.io.now());
    try {
      await keyring.setSecret(ctx.env, refreshRef, refresh, ctx.dryRun);
      stored.oauth.refreshKeyring = refreshRef;
      delete stored.oauth.refreshToken;
    } catch (err) {
      if (!(err instanceof keyring.KeyringError)) throw err;
      // Both in the file, then: a token in the keyring beside its refresh token in the file would help no one.
      stored.token = secret;
      delete stored.keyring;
      await forgetSecret(ctx, ref);
      return { note: `the keyring refused the refresh token (${err.reason}): the SECRET is kept in the config file FILE (mode 0600)`, absent: err.kind === 'absent' };
    }
  }
  return { absent: false };
}

/** Remove a keyring item, best effort: whether it is gone. */
async function forgetSecret(ctx: Context, ref: KeyringRef): Promise<boolean> {
  const { deleteSecret } = await import('../../config/keyring.js');
  return deleteSecret(ctx.env, ref, ctx.dryRun).then(
    () => true,
    () => false,
  );
}

/** Account names on Gitea and Forgejo are unique regardless of case. */
function sameAccount(a: unknown, b: string | undefined): boolean {
  return typeof a === 'string' && b !== undefined && a.toLowerCase() === b.toLowerCase();
}
