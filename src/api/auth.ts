// How credentials travel with a request: a token header, a token query
// parameter (servers behind proxies that strip Authorization), or Basic.

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
