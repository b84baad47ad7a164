// The OAuth2 provider of the in-memory server, as Gitea and Forgejo run it
// (routers/web/auth/oauth2_provider.go at Gitea v1.23.8…v1.27.0, routers/web/auth/oauth.go
// at Forgejo v11.0.1; models/auth/oauth2.go; services/oauth2_provider/access_token.go):
//
// - GET /login/oauth/authorize: without a signed-in session, to the login page
//   (303 /user/login). An unknown client_id or a redirect_uri the application
//   does not list: an error page, no redirect (AuthorizeOAuth). A response_type
//   other than code, or a public client without code_challenge ("PKCE is
//   required for public clients"), or a method other than S256/plain: a
//   redirect carrying error= and the state. Otherwise the grant page (a public
//   client is always asked: "always require authorization for untrusted public
//   clients"), its form holding client_id, state, scope, nonce, redirect_uri.
// - POST /login/oauth/grant: granted=true makes the grant and a code (for ten
//   minutes, bound to the redirect URI and the challenge kept in the session),
//   303 to redirect_uri?code=…&state=…; otherwise error=access_denied.
// - POST /login/oauth/access_token (a form): grant_type authorization_code
//   (client, redirect URI, expiry, PKCE checked, in that order; each failure
//   400 {error, error_description}) or refresh_token; any other
//   unsupported_grant_type. The answer: access_token (a JWT: it holds dots),
//   token_type bearer, expires_in (ACCESS_TOKEN_EXPIRATION_TIME, 3600),
//   refresh_token. A refresh token is refused once used only where
//   INVALIDATE_REFRESH_TOKENS is set: false by default on Gitea, true on
//   Forgejo (recorded: Gitea 1.27.0 renews twice with one, Forgejo 11.0.1
//   answers 400 unauthorized_client "token was already used").
// - Redirect URIs match as models/auth/oauth2.go ContainsRedirectURI: case
//   and a trailing slash aside, exactly; for a public client, an http
//   redirect to a loopback IP address (127.0.0.1, ::1; not "localhost") with
//   a port also matches with the port taken out. The path still counts.
// - The access token works on the API as "token …" or "bearer …"
//   (services/auth/oauth2.go userFromToken); an expired one is no user: 401,
//   recorded as "invalid username, password or token" on Gitea 1.27.0 and
//   "user does not exist [uid: 0, name: ]" on Gitea 1.23.8 and Forgejo 11.0.1.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { State } from './state.js';

export interface OAuthApp {
  id: number;
  name: string;
  clientId: string;
  confidential: boolean;
  redirectUris: string[];
  owner: string;
}

interface Grant {
  id: number;
  appId: number;
  login: string;
  counter: number;
}

interface Code {
  grantId: number;
  redirectUri: string;
  challenge: string;
  method: string;
  expires: number;
}

export interface OAuthProvider {
  apps: OAuthApp[];
  grants: Grant[];
  codes: Map<string, Code>;
  access: Map<string, { login: string; expires: number }>;
  refresh: Map<string, { grantId: number; counter: number; expires: number }>;
  /** Signed-in web sessions: the i_like_gitea cookie's value → user. */
  sessions: Map<string, { login: string; challenge?: string; method?: string }>;
  /** ACCESS_TOKEN_EXPIRATION_TIME, in seconds. */
  accessSeconds: number;
  /** INVALIDATE_REFRESH_TOKENS; unset: the flavour's default (recorded: Gitea 1.27.0 takes a refresh token again, Forgejo 11.0.1 answers 400 "token was already used"). */
  invalidateRefresh?: boolean;
  /** Access tokens made so far, by grant type. */
  issued: { grant: string; at: number }[];
  /** Hostile: the token endpoint's next answers replaced by this (a proxy's page, a broken server). */
  spoil?: { status: number; type: string; text: string };
}

export function oauth(state: State): OAuthProvider {
  return state.extension('oauth', () => ({
    apps: [],
    grants: [],
    codes: new Map(),
    access: new Map(),
    refresh: new Map(),
    sessions: new Map(),
    accessSeconds: 3600,
    issued: [],
  }));
}

/** Register an application (as POST /user/applications/oauth2 does); public unless asked. */
export function registerApp(state: State, owner: string, redirectUris: string[], confidential = false): OAuthApp {
  const p = oauth(state);
  const app: OAuthApp = { id: p.apps.length + 1, name: `app-${p.apps.length + 1}`, clientId: randomUUIDish(), confidential, redirectUris, owner };
  p.apps.push(app);
  return app;
}

/** A signed-in web session for `login`: the cookie to send. */
export function signIn(state: State, login: string): string {
  const cookie = randomBytes(8).toString('hex');
  oauth(state).sessions.set(cookie, { login });
  return `i_like_gitea=${cookie}`;
}

/** The user an OAuth access token stands for; undefined when it is unknown or has expired. */
export function oauthTokenUser(state: State, token: string): string | undefined {
  if (!token.includes('.')) return undefined;
  const t = oauth(state).access.get(token);
  return t !== undefined && t.expires > Date.now() ? t.login : undefined;
}

function randomUUIDish(): string {
  const h = randomBytes(16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** models/auth/oauth2.go ContainsRedirectURI. */
export function containsRedirectUri(app: OAuthApp, redirectUri: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/\/$/, '');
  const candidates = [redirectUri];
  if (!app.confidential) {
    try {
      const u = new URL(redirectUri);
      const host = u.hostname.replace(/^\[|\]$/g, '');
      const loopback = isIP(host) === 4 ? host.startsWith('127.') : isIP(host) === 6 && host === '::1';
      if (u.protocol === 'http:' && u.port !== '' && loopback) {
        u.port = '';
        candidates.push(u.toString());
      }
    } catch {
      // Not a URL: only the exact match.
    }
  }
  return candidates.some((c) => app.redirectUris.some((r) => norm(r) === norm(c)));
}

function cookieSession(p: OAuthProvider, req: IncomingMessage) {
  const m = /(?:^|;\s*)i_like_gitea=([^;]+)/.exec(req.headers.cookie ?? '');
  return m?.[1] !== undefined ? p.sessions.get(m[1]) : undefined;
}

function html(res: ServerResponse, status: number, body: string): true {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!DOCTYPE html><html><body>${body}</body></html>`);
  return true;
}

function redirect(res: ServerResponse, to: string, status = 303): true {
  res.writeHead(status, { location: to });
  res.end();
  return true;
}

function withParams(base: string, params: Record<string, string>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== '') u.searchParams.set(k, v);
  return u.toString();
}

function tokenError(res: ServerResponse, error: string, description: string): true {
  res.writeHead(400, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify({ error, error_description: description }));
  return true;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function issue(p: OAuthProvider, grant: Grant, how: string): Record<string, unknown> {
  grant.counter++;
  const access = `eyJhbGciOiJSUzI1NiJ9.${randomBytes(24).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
  const refresh = `eyJhbGciOiJSUzI1NiJ9.${randomBytes(24).toString('base64url')}.r${randomBytes(16).toString('base64url')}`;
  const now = Date.now();
  p.access.set(access, { login: grant.login, expires: now + p.accessSeconds * 1000 });
  p.refresh.set(refresh, { grantId: grant.id, counter: grant.counter, expires: now + 730 * 3600 * 1000 });
  p.issued.push({ grant: how, at: now });
  return { access_token: access, token_type: 'bearer', expires_in: p.accessSeconds, refresh_token: refresh };
}

/** The provider's web routes, under the instance's `base` path; false when the path is none of them. */
export function handleOAuth(state: State, req: IncomingMessage, res: ServerResponse, url: URL, method: string, bodyText: string, base: string, forgejo: boolean): boolean {
  const path = url.pathname.slice(base.length);
  if (!path.startsWith('/login/oauth/')) return false;
  const p = oauth(state);
  if (path === '/login/oauth/authorize' && method === 'GET') {
    const q = url.searchParams;
    const session = cookieSession(p, req);
    if (session === undefined) return redirect(res, `${base}/user/login?redirect_to=${encodeURIComponent(url.pathname + url.search)}`);
    const app = p.apps.find((a) => a.clientId === q.get('client_id'));
    if (app === undefined) return html(res, 400, 'Client ID not registered');
    const redirectUri = q.get('redirect_uri') ?? '';
    const stateParam = q.get('state') ?? '';
    // Recorded on Gitea 1.27.0 and Forgejo 11.0.1: 400, a page; a path (/callback), localhost, [::1] or https all refused.
    if (!containsRedirectUri(app, redirectUri)) return html(res, 400, 'Unregistered Redirect URI');
    if (q.get('response_type') !== 'code') {
      return redirect(res, withParams(redirectUri, { error: 'unsupported_response_type', error_description: 'Only code response type is supported.', state: stateParam }));
    }
    const challengeMethod = q.get('code_challenge_method') ?? '';
    if (challengeMethod === 'S256' || challengeMethod === 'plain') {
      session.method = challengeMethod;
      session.challenge = q.get('code_challenge') ?? '';
    } else if (challengeMethod === '') {
      if (!app.confidential) {
        return redirect(res, withParams(redirectUri, { error: 'invalid_request', error_description: 'PKCE is required for public clients', state: stateParam }));
      }
    } else {
      return redirect(res, withParams(redirectUri, { error: 'invalid_request', error_description: 'unsupported code challenge method', state: stateParam }));
    }
    const fields = { client_id: app.clientId, state: stateParam, scope: q.get('scope') ?? '', nonce: q.get('nonce') ?? '', redirect_uri: redirectUri };
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${esc(v)}">`)
      .join('');
    return html(
      res,
      200,
      `<h2>Authorize ${esc(app.name)} to access your account?</h2><form method="post" action="${base}/login/oauth/grant"><input type="hidden" name="_csrf" value="csrf-${randomBytes(4).toString('hex')}">${inputs}<button type="submit" name="granted" value="true">Authorize Application</button><button type="submit" name="granted" value="false">Cancel</button></form>`,
    );
  }
  if (path === '/login/oauth/grant' && method === 'POST') {
    const session = cookieSession(p, req);
    if (session === undefined) return redirect(res, `${base}/user/login`);
    const form = new URLSearchParams(bodyText);
    const app = p.apps.find((a) => a.clientId === form.get('client_id'));
    const redirectUri = form.get('redirect_uri') ?? '';
    if (app === undefined || !containsRedirectUri(app, redirectUri)) return html(res, 400, 'Bad request');
    if (form.get('granted') !== 'true') {
      return redirect(res, withParams(redirectUri, { error: 'access_denied', error_description: 'the request is denied', state: form.get('state') ?? '' }));
    }
    let grant = p.grants.find((g) => g.appId === app.id && g.login === session.login);
    if (grant === undefined) {
      grant = { id: p.grants.length + 1, appId: app.id, login: session.login, counter: 1 };
      p.grants.push(grant);
    }
    const code = randomBytes(16).toString('hex');
    p.codes.set(code, { grantId: grant.id, redirectUri, challenge: session.challenge ?? '', method: session.method ?? '', expires: Date.now() + 10 * 60 * 1000 });
    return redirect(res, withParams(redirectUri, { code, state: form.get('state') ?? '' }));
  }
  if (path === '/login/oauth/access_token' && method === 'POST') {
    if (p.spoil !== undefined) {
      res.writeHead(p.spoil.status, { 'content-type': p.spoil.type });
      res.end(p.spoil.text);
      return true;
    }
    const form = new URLSearchParams(bodyText);
    const clientId = form.get('client_id') ?? '';
    const app = p.apps.find((a) => a.clientId === clientId);
    const grantType = form.get('grant_type');
    if (grantType === 'refresh_token') {
      if (app === undefined) return tokenError(res, 'invalid_client', `cannot load client with client id: "${clientId}"`);
      const t = p.refresh.get(form.get('refresh_token') ?? '');
      if (t === undefined || t.expires <= Date.now()) return tokenError(res, 'unauthorized_client', 'unable to parse refresh token');
      const grant = p.grants.find((g) => g.id === t.grantId);
      if (grant === undefined) return tokenError(res, 'invalid_grant', 'grant does not exist');
      if (grant.appId !== app.id) return tokenError(res, 'invalid_grant', 'refresh token belongs to a different client');
      if ((p.invalidateRefresh ?? forgejo) && grant.counter !== t.counter) return tokenError(res, 'unauthorized_client', 'token was already used');
      return json(res, issue(p, grant, 'refresh_token'));
    }
    if (grantType === 'authorization_code') {
      if (app === undefined) return tokenError(res, 'invalid_client', `cannot load client with client id: '${clientId}'`);
      const code = p.codes.get(form.get('code') ?? '');
      const redirectUri = form.get('redirect_uri') ?? '';
      if (!containsRedirectUri(app, redirectUri)) return tokenError(res, 'unauthorized_client', 'unexpected redirect URI');
      if (code === undefined) return tokenError(res, 'unauthorized_client', 'client is not authorized');
      const grant = p.grants.find((g) => g.id === code.grantId);
      if (grant === undefined || grant.appId !== app.id) return tokenError(res, 'unauthorized_client', 'client is not authorized');
      if (code.expires <= Date.now()) return tokenError(res, 'invalid_grant', 'authorization code expired');
      const verifier = form.get('code_verifier') ?? '';
      const derived = code.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (code.method !== '' && derived !== code.challenge) return tokenError(res, 'unauthorized_client', 'failed PKCE code challenge');
      if (code.redirectUri !== redirectUri) return tokenError(res, 'invalid_grant', 'redirect_uri differs from the original authorization request');
      // The code is spent (Invalidate).
      p.codes.delete(form.get('code') ?? '');
      return json(res, issue(p, grant, 'authorization_code'));
    }
    return tokenError(res, 'unsupported_grant_type', 'Only refresh_token or authorization_code grant type is supported');
  }
  return false;
}

function json(res: ServerResponse, body: unknown): true {
  res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
  return true;
}
