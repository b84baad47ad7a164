// How credentials travel with a request: a token header, a token query
// parameter (servers behind proxies that strip Authorization), or Basic.

export type AuthMethod = 'header' | 'query' | 'basic';

export type Credentials = { method: 'header' | 'query'; token: string } | { method: 'basic'; user: string; password: string } | { method: 'none' };

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
  }
}
