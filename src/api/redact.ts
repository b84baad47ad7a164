// What a trace or an error message may show of a request: every credential
// replaced, whether it travels in the URL, a header or a JSON body.

/** Header names whose values are credentials, whatever the request. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-.*(token|secret|key|password|otp).*)$/i;
/** JSON keys whose values are credentials: passwords, tokens, hook secrets. */
const SECRET_KEY = /^(password|passwd|secret|token|sha1|access_token|refresh_token|client_secret|private_key|authorization_header)$|_(secret|password|token)$/i;
/** Query parameters that carry credentials (query-parameter auth sends ?token=). */
const SECRET_PARAM = /^(token|access_token|password|secret)$/i;

/** A request header for a trace: a credential keeps only its scheme ("token REDACTED"). */
export function redactHeader(name: string, value: string): string {
  return SECRET_HEADER.test(name) ? value.replace(/^(\S+ )?.*$/, '$1REDACTED') : value;
}

/** A request body for a trace: JSON with every credential replaced, or only its size. */
export function redactBody(body: string, max = 2000): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `(${Buffer.byteLength(body)} bytes, not JSON)`;
  }
  const text = JSON.stringify(parsed, (key, value: unknown) => (key !== '' && SECRET_KEY.test(key) && value !== null ? 'REDACTED' : value));
  return text.length > max ? `${text.slice(0, max)}… (${Buffer.byteLength(body)} bytes)` : text;
}

/** Paths whose request body is a secret's value as a whole (PUT …/actions/secrets/NAME): never shown. */
const SECRET_BODY_PATH = /\/actions\/secrets\/[^/]+$/;

/** A request body for a trace, knowing where it goes: an Actions secret's body shows only its size. */
export function redactRequestBody(path: string, body: string): string {
  return SECRET_BODY_PATH.test(path) ? `(${Buffer.byteLength(body)} bytes, an Actions secret: not shown)` : redactBody(body);
}

/** Replace user:password in a URL (if any) so it can be shown. */
export function redactUrlCredentials(text: string): string {
  return text.replace(/(\/\/)[^/@\s]*@/, '$1***@');
}

/** Hide credentials carried in a URL's query (token, access_token) for traces and errors. */
export function redactUrl(url: string | URL): string {
  const u = new URL(String(url));
  for (const key of [...u.searchParams.keys()]) {
    if (SECRET_PARAM.test(key)) u.searchParams.set(key, 'REDACTED');
  }
  if (u.username || u.password) {
    u.username = '***';
    u.password = '';
  }
  return u.toString();
}
