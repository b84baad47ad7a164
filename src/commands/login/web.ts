// kettle login add --web: log in in the browser. OAuth2's authorization code
// grant with PKCE (S256), for a public client (no secret), with a loopback
// redirect: kettle listens on http://127.0.0.1:PORT/ (any free port), which
// Gitea and Forgejo accept for a public application registered with the
// redirect URI http://127.0.0.1 (models/auth/oauth2.go ContainsRedirectURI:
// for a public client, an http loopback IP address's port is ignored, the path
// is not). Without a browser (an SSH session: no display), the address is
// printed and the address the browser was sent to is pasted back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '../../api/client.js';
import { hostOf, instanceRoot } from '../../api/url.js';
import type { OAuthGrant, StoredLogin } from '../../config/store.js';
import { browserCommand, onPath } from '../../context/browser.js';
import type { Context } from '../../context/context.js';
import { authorizeEndpoint, expiresAt, GrantRefused, newState, pkce, requestToken } from '../../context/oauth.js';
import { oauthClientIdFor } from '../../context/preferences.js';
import { ask } from '../../context/prompt.js';
import { AuthError, KettleError, UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';

/** How long kettle waits for the browser by default: seconds. KETTLE_WEB_LOGIN_TIMEOUT (seconds) changes it. */
export const WEB_LOGIN_TIMEOUT_S = 300;

function timeoutMs(env: NodeJS.ProcessEnv): number {
  const given = env.KETTLE_WEB_LOGIN_TIMEOUT?.trim();
  if (given === undefined || given === '') return WEB_LOGIN_TIMEOUT_S * 1000;
  const n = Number(given);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`KETTLE_WEB_LOGIN_TIMEOUT must be a number of seconds above 0 (it is "${given}")`);
  return n * 1000;
}

/** What the redirect carried: a code, or why there is none. One line each. */
export function readRedirect(address: string, state: string): string {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new AuthError('that is not the address the browser was sent to (it begins http://127.0.0.1:); nothing was stored');
  }
  const q = url.searchParams;
  const error = q.get('error');
  if (error !== null) {
    const why = q.get('error_description');
    throw new AuthError(`the server did not grant access: ${error}${why ? ` (${why})` : ''}; nothing was stored`);
  }
  if (q.get('state') !== state) throw new AuthError("the browser came back with another login's state: not this login's answer; nothing was stored");
  const code = q.get('code');
  if (code === null || code === '') throw new AuthError('the browser came back without an authorization code; nothing was stored');
  return code;
}

const PAGE = (title: string, text: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

/** Listen on 127.0.0.1 on a free port; `arrived` resolves with the first redirect's address. */
async function listen(): Promise<{ server: Server; port: number; arrived: Promise<string> }> {
  let deliver: (address: string) => void = () => undefined;
  const arrived = new Promise<string>((resolve) => {
    deliver = resolve;
  });
  let done = false;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (done || url.pathname !== '/' || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
      res.end('Not found');
      return;
    }
    done = true;
    const ok = url.searchParams.has('code') && !url.searchParams.has('error');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
    res.end(ok ? PAGE('kettle: signed in', 'You can close this page and return to the terminal.') : PAGE('kettle: not signed in', 'See the terminal.'));
    deliver(`http://127.0.0.1${req.url ?? '/'}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new KettleError(`cannot listen on 127.0.0.1 for the browser's answer: ${err.message}`)));
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port, arrived };
}

/** Start the browser on `url`; false when there is none to start (no display, none found, it failed to start). */
async function startBrowser(ctx: Context, url: string): Promise<boolean> {
  const configured = ctx.io.settings?.get('browser') ?? ctx.env.KETTLE_BROWSER;
  const chosen = Boolean(configured?.trim() || ctx.env.BROWSER?.trim());
  // Over SSH there is no display: xdg-open would find a text browser, or nothing.
  if (!chosen && process.platform === 'linux' && !ctx.env.DISPLAY && !ctx.env.WAYLAND_DISPLAY) return false;
  const command = browserCommand(url, ctx.env, process.platform, (f) => onPath(f, ctx.env), configured);
  if (command === undefined) return false;
  const { spawn } = await import('node:child_process');
  return new Promise<boolean>((resolve) => {
    const child = spawn(command.file, command.args, { detached: true, stdio: 'ignore', env: ctx.env, cwd: ctx.io.cwd, windowsHide: true });
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
    child.once('error', (err) => {
      ctx.term.warn(`cannot start ${command.file}: ${err.message}`);
      resolve(false);
    });
  });
}

/** How to register the application kettle needs, when none is known. */
function noClientId(root: string): UsageError {
  const server = instanceRoot(root);
  return new UsageError(`no OAuth2 application known for ${hostOf(root)}: pass --client-id ID, or register one and keep its client id`, [
    `  Register it at ${server}/user/settings/applications (Manage OAuth2 applications): any name,`,
    '  redirect URI http://127.0.0.1, "Confidential client" off. Then:',
    `  kettle config set oauth_client_id CLIENT_ID --host ${hostOf(root)}`,
  ]);
}

/**
 * Run the browser login against `root`: the access token, its refresh token
 * and expiry, as a stored login without its name (add.ts stores it).
 */
export async function webLogin(ctx: Context, root: string, given: { clientId?: string | undefined; insecure?: boolean | undefined }): Promise<StoredLogin> {
  const clientId = oauthClientIdFor(ctx.io, root, given.clientId);
  if (clientId === undefined || clientId.trim() === '') throw noClientId(root);
  const limit = timeoutMs(ctx.env);
  const { server, port, arrived } = await listen();
  try {
    const redirectUri = `http://127.0.0.1:${port}/`;
    const state = newState();
    const { verifier, challenge } = pkce();
    const authorize = new URL(authorizeEndpoint(root));
    for (const [k, v] of Object.entries({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', state, code_challenge: challenge, code_challenge_method: 'S256' })) {
      authorize.searchParams.set(k, v);
    }
    const address = authorize.toString();
    const waits: Promise<string>[] = [arrived];
    let pasting = false;
    if (await startBrowser(ctx, address)) {
      ctx.term.info(`Opening ${instanceRoot(root)} in your browser to log in (waiting for it, at most ${Math.round(limit / 1000)} s).`);
    } else {
      ctx.term.info(`Open this address in a browser and log in:\n  ${address}`);
      if (canPrompt(ctx.io)) {
        pasting = true;
        const pasted = ask(ctx.io, '--web', { message: `Then paste the address the browser was sent to (it begins http://127.0.0.1:${port}/)` });
        // Settled by the listener instead, the question is put away below: its rejection then is no one's business.
        pasted
          .catch(() => undefined)
          .finally(() => {
            pasting = false;
          });
        waits.push(pasted);
      } else {
        ctx.term.info(`Waiting for the browser's answer on http://127.0.0.1:${port}/ (at most ${Math.round(limit / 1000)} s).`);
      }
    }
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new KettleError(`no answer from the browser within ${Math.round(limit / 1000)} s; nothing was stored (run the command again to retry)`)), limit);
    });
    let came: string;
    try {
      came = await Promise.race([...waits, expired]);
    } finally {
      clearTimeout(timer);
      // The browser came back to the listener (or time ran out) while the question waited: put it away, or the
      // terminal would stay in its hands and the process would wait on it.
      if (pasting) ctx.io.stdin.emit('keypress', '', { name: 'abort' });
    }
    const code = readRedirect(came, state);
    // Exchanging the code makes a token on the server: under --dry-run it is shown (the code and verifier as ***) and not sent.
    const client: ApiClient = await ctx.clients.clientFor(`${instanceRoot(root)}/login/oauth`, { method: 'none' }, given.insecure ? { insecure: true } : {});
    let answer: Awaited<ReturnType<typeof requestToken>>;
    try {
      answer = await requestToken(client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier });
    } catch (err) {
      if (err instanceof GrantRefused) throw new AuthError(`${instanceRoot(root)} did not exchange the authorization code for a token: ${err.message}; nothing was stored`);
      throw err;
    }
    const oauth: OAuthGrant = { clientId };
    const expires = expiresAt(ctx.io.now(), answer);
    if (expires !== undefined) oauth.expires = expires;
    if (answer.refreshToken !== undefined) oauth.refreshToken = answer.refreshToken;
    return { url: root, auth: 'header', token: answer.accessToken, oauth };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
