// kettle login git-credential get|store|erase: git's credential-helper
// protocol (gitcredentials(7)). git writes key=value lines on stdin; for
// `get` kettle answers username= and password= when the URL falls under a
// login's server URL, and otherwise nothing, so git asks its next helper.
// It runs on every git fetch and push: it reads the config and stdin, and
// loads nothing else (no HTTP client, no request).
import { envLogin } from '../../config/env.js';
import type { KeyringRef } from '../../config/keyring.js';
import { configDir, type OAuthGrant, readConfig, type StoredLogin } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import { keyOf, loginsFor, type Place, serves } from '../../context/locate.js';
import { readAll } from '../../io.js';
import { KettleError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/git-credential.js';
import { printText } from '../../output/printer.js';

export type GitCredentialOptions = OptionsOf<typeof definition.gitCredential>;

/** What git asked for: protocol, host (with port), path and user name, as gitcredentials(7) spells them. */
export interface CredentialRequest {
  protocol: string;
  host: string;
  /** As the request will be sent: dot segments resolved (see requestPath). */
  path: string;
  /** The user the remote names (`https://bob@host/…`, or `username=`): only that user's login answers. */
  username?: string;
}

/**
 * The path as it will be sent: `forge/../evil/x.git` is `evil/x.git` once
 * curl has removed its dot segments (RFC 3986), so that is what a login's path
 * is matched against, never the text git passed (issue 34, 1).
 */
function requestPath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    const s = seg.toLowerCase();
    if (s === '.' || s === '%2e') continue;
    if (s === '..' || s === '%2e%2e' || s === '.%2e' || s === '%2e.') out.pop();
    else out.push(seg);
  }
  return out.filter((s, i) => s !== '' || i === out.length - 1).join('/');
}

/**
 * git's lines into a request; undefined for anything kettle must not answer:
 * a malformed line, an empty host, a url= that carries credentials, no protocol or host.
 */
export function parseRequest(text: string): CredentialRequest | undefined {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const l = line.replace(/\r$/, '');
    // A blank line ends the request.
    if (l === '') break;
    const eq = l.indexOf('=');
    if (eq <= 0) return undefined;
    fields.set(l.slice(0, eq), l.slice(eq + 1));
  }
  const url = fields.get('url');
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.password !== '') return undefined;
    if (parsed.username !== '' && !fields.has('username')) fields.set('username', decodeURIComponent(parsed.username));
    fields.set('protocol', parsed.protocol.replace(/:$/, ''));
    fields.set('host', parsed.host);
    if (!fields.has('path')) fields.set('path', decodeURIComponent(parsed.pathname.replace(/^\//, '')));
  }
  const protocol = fields.get('protocol') ?? '';
  const host = fields.get('host') ?? '';
  if (protocol === '' || host === '' || /[\s/@]/.test(host)) return undefined;
  const username = fields.get('username');
  return { protocol: protocol.toLowerCase(), host: host.toLowerCase(), path: requestPath(fields.get('path') ?? ''), ...(username ? { username } : {}) };
}

export interface Candidate {
  /** The server's URL, its API root or web root (keyOf reads either). */
  root: string;
  username: string;
  password: string;
  preferred: boolean;
  /** The account the login belongs to, when known (a KETTLE_TOKEN's is not). */
  user?: string;
  /** The password is in the keyring, read only for the login chosen: its item, and the login's name. */
  keyring?: { ref: KeyringRef; name: string };
  /** A browser login (login add --web): its name and grant, so a due token is renewed before git gets it. */
  oauth?: { name: string; grant: OAuthGrant };
}

/** The place git asks about, as the login matching every command uses sees it (src/context/locate.ts). */
function placeOf(req: CredentialRequest): Place {
  const path = req.path.replace(/^\/+/, '');
  const key = `${req.host}/${path}`.replace(/\/+$/, '');
  return { key, hostname: req.host, exact: true, loose: false, root: `${req.protocol}://${req.host}` };
}

/**
 * The length of the server path `root` has in common with the request, or -1
 * when the request is not under it: the shared rule (keyOf, loginsFor), and
 * git's own, that a login answers only for its URL's scheme.
 */
export function matchLength(root: string, req: CredentialRequest): number {
  let url: URL;
  try {
    url = new URL(root);
  } catch {
    return -1;
  }
  const key = keyOf(root);
  if (url.protocol.replace(/:$/, '') !== req.protocol || key === undefined || !serves(root, placeOf(req))) return -1;
  return Math.max(0, key.length - url.host.length - 1);
}

/**
 * The login whose server URL the request falls under, by the rule every command
 * matches logins by (the longest URL wins), then the preferred (default) one.
 */
export function choose(candidates: Candidate[], req: CredentialRequest): Candidate | undefined {
  const usable = candidates.filter(
    (c) =>
      // A user named in the request picks that user's login, or none: git would push as whoever answered (issue 34, 2).
      (req.username === undefined || c.user?.toLowerCase() === req.username.toLowerCase()) && matchLength(c.root, req) >= 0,
  );
  const best = loginsFor(
    placeOf(req),
    usable.map((c, i) => ({ name: String(i), url: c.root })),
  ).map((entry) => usable[Number(entry.name)] as Candidate);
  return best.find((c) => c.preferred) ?? best[0];
}

function candidateOf(login: StoredLogin, name: string, preferred: boolean): Candidate | undefined {
  const root = login.url;
  const user = { ...(login.user ? { user: login.user } : {}), ...(login.oauth ? { oauth: { name, grant: login.oauth } } : {}) };
  if (login.keyring !== undefined) {
    const username = login.auth === 'basic' ? (login.user ?? '') : login.user || 'kettle';
    return { root, username, password: '', preferred, ...user, keyring: { ref: login.keyring, name } };
  }
  if (login.auth === 'basic' && login.password) return { root, username: login.user ?? '', password: login.password, preferred, ...user };
  // A token goes as the password; the servers take any user name beside it.
  if (login.token) return { root, username: login.user || 'kettle', password: login.token, preferred, ...user };
  return undefined;
}

export async function run(ctx: Context, opts: GitCredentialOptions): Promise<void> {
  // git writes the request whatever the operation: read it all, so git never writes into a closed pipe.
  const text = await readAll(ctx.io.stdin);
  if (opts.operation !== 'get') return;
  const req = parseRequest(text);
  if (!req) return;
  const candidates: Candidate[] = [];
  let fromEnv: ReturnType<typeof envLogin> | undefined;
  try {
    fromEnv = envLogin(ctx.env);
  } catch {
    // Half of KETTLE_URL/KETTLE_TOKEN: not a login git can use.
    fromEnv = undefined;
  }
  if (fromEnv) candidates.push({ root: fromEnv.url, username: 'kettle', password: fromEnv.token, preferred: true });
  let config: ReturnType<typeof readConfig> | undefined;
  try {
    config = readConfig(configDir(ctx.env), (m) => ctx.term.warn(m));
  } catch (err) {
    throw new KettleError(`git-credential: ${(err as Error).message}`);
  }
  for (const [name, login] of Object.entries(config.logins)) {
    const c = typeof login === 'object' && login !== null && typeof login.url === 'string' ? candidateOf(login, name, name === config.default) : undefined;
    if (c) candidates.push(c);
  }
  const chosen = choose(candidates, req);
  if (chosen?.keyring !== undefined) {
    const { getSecret, KeyringError } = await import('../../config/keyring.js');
    try {
      chosen.password = (await getSecret(ctx.env, chosen.keyring.ref)) ?? '';
    } catch (err) {
      if (!(err instanceof KeyringError)) throw err;
      // git then asks its next helper (or the user): said on stderr, which git shows.
      ctx.term.warn(`git-credential: login "${chosen.keyring.name}" keeps its secret in the keyring, which kettle cannot read: ${err.reason}`);
      return;
    }
    if (chosen.password === '') {
      ctx.term.warn(`git-credential: the keyring holds no secret for login "${chosen.keyring.name}"; log in again with kettle login add`);
      return;
    }
  }
  if (chosen?.oauth !== undefined) {
    const { dueForRenewal, renewLogin } = await import('../../context/oauth.js');
    if (dueForRenewal(chosen.oauth.grant, new Date())) {
      try {
        const renewed = await renewLogin(ctx.clients.renewDeps(), chosen.oauth.name);
        chosen.password = renewed.token;
      } catch (err) {
        // git then asks its next helper (or the user): said on stderr, which git shows.
        ctx.term.warn(`git-credential: ${(err as Error).message}`);
        return;
      }
    }
  }
  if (!chosen || /[\n\0]/.test(chosen.username + chosen.password)) return;
  printText(ctx.io, `username=${chosen.username}\npassword=${chosen.password}\n`);
}
