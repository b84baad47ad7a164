// How credentials travel with a request: a token header, a token query
// parameter (servers behind proxies that strip Authorization), or Basic; a
// client's own credentials and their renewal after a 401; and the headers
// every request carries.

export type AuthMethod = 'header' | 'query' | 'basic';

/**
 * A stored login's credentials whose secret is in the operating system's
 * keyring: what a client is made from once the secret is read (the context
 * reads it; a request never carries this form).
 */
export interface KeyringCredentials {
  method: 'keyring';
  auth: AuthMethod;
  user: string;
  login: string;
  ref: { service: string; account: string };
}

export type Credentials = { method: 'header' | 'query'; token: string } | { method: 'basic'; user: string; password: string } | { method: 'none' } | KeyringCredentials;

/** How the credentials travel once their secret is known. */
export function authOf(creds: Credentials): AuthMethod | 'none' {
  return creds.method === 'keyring' ? creds.auth : creds.method;
}

/** Add the credentials to a request's URL or headers. */
export function authorize(url: URL, headers: Record<string, string>, creds: Credentials): void {
  switch (creds.method) {
    case 'header':
      headers.authorization = `token ${creds.token}`;
      break;
    case 'query':
      url.searchParams.set('token', creds.token);
      break;
    case 'basic':
      headers.authorization = `Basic ${Buffer.from(`${creds.user}:${creds.password}`).toString('base64')}`;
      break;
    case 'none':
      break;
    case 'keyring':
      throw new Error('kettle bug: a request was made before the secret was read from the keyring');
  }
}

/**
 * The headers of a request: what the caller gives, over JSON, kettle's
 * User-Agent and --sudo, with the credentials while the URL is under the
 * client's own server (`own`). An Authorization header the caller gives
 * (kettle api -H) wins over the stored credential, as with gh: it is sent as
 * given. --sudo is the Sudo header, which every release reads when no `sudo`
 * parameter is given (routers/api/v1/api.go sudo(), Gitea 1.23 to 1.27,
 * Forgejo 11 to 15), so no path or query changes with it.
 */
export function requestHeaders(
  url: URL,
  given: Record<string, string>,
  credentials: Credentials,
  { own, userAgent, sudo }: { own: boolean; userAgent: string; sudo?: string | undefined },
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': userAgent, ...(own && sudo !== undefined ? { sudo } : {}), ...given };
  const theirs = Object.keys(given).some((name) => name.toLowerCase() === 'authorization');
  if (!theirs && own) authorize(url, headers, credentials);
  return headers;
}

/**
 * A client's own credentials. A browser login's token may be renewed once,
 * after a 401 to a request made with them (given the token that was refused);
 * concurrent requests share that renewal, and the request is worth sending
 * again when it succeeded.
 */
export class HeldCredentials {
  private renewing: Promise<boolean> | undefined;
  private renewedOnce = false;

  constructor(
    public current: Credentials,
    private readonly renew?: (spent: string) => Promise<Credentials>,
  ) {}

  /** After a 401: whether new credentials were had (a request with its own credentials or Authorization header has none to renew). */
  renewed(request: { credentials?: Credentials | undefined; headers?: Record<string, string> | undefined }): Promise<boolean> {
    const { renew, current } = this;
    if (renew === undefined || request.credentials !== undefined || (current.method !== 'header' && current.method !== 'query')) return Promise.resolve(false);
    if (request.headers !== undefined && Object.keys(request.headers).some((h) => h.toLowerCase() === 'authorization')) return Promise.resolve(false);
    if (this.renewing === undefined) {
      if (this.renewedOnce) return Promise.resolve(false);
      this.renewedOnce = true;
      this.renewing = renew(current.token).then((next) => {
        this.current = next;
        return true;
      });
    }
    return this.renewing;
  }
}
