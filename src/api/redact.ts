// What a trace or an error message may show of a request: every credential
// replaced, whether it travels in the URL, a header or a JSON body, or comes
// back quoted in the server's answer.

/** Header names whose values are credentials, whatever the request. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-.*(token|secret|key|password|otp).*)$/i;
/**
 * JSON keys whose values are credentials: passwords, tokens, hook secrets,
 * and the user name beside a password (a source's address may carry a token
 * as its user part, https://TOKEN@host/…, which repo migrate sends as auth_username).
 */
const SECRET_KEY = /^(password|passwd|secret|token|sha1|access_token|refresh_token|client_secret|private_key|authorization_header)$|_(secret|password|token|username)$/i;
/** Query parameters that carry credentials (query-parameter auth sends ?token=). */
const SECRET_PARAM = /^(token|access_token|password|secret)$/i;

/** What stands in for a credential in a URL's user part or a value the server sent back. */
const HIDDEN = '***';

/** A request header for a trace: a credential keeps only its scheme ("token REDACTED"). */
export function redactHeader(name: string, value: string): string {
  return SECRET_HEADER.test(name) ? value.replace(/^(\S+ )?.*$/, '$1REDACTED') : value;
}

/** A request body for a trace: JSON with every credential replaced (in URLs too), or only its size. */
export function redactBody(body: string, max = 2000): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `(${Buffer.byteLength(body)} bytes, not JSON)`;
  }
  const text = JSON.stringify(parsed, (key, value: unknown) => {
    if (key !== '' && SECRET_KEY.test(key) && value !== null) return 'REDACTED';
    return typeof value === 'string' ? redactUrlsIn(value) : value;
  });
  return text.length > max ? `${text.slice(0, max)}… (${Buffer.byteLength(body)} bytes)` : text;
}

/**
 * A path's segments as a server routes it: percent-encoding undone (through
 * a few layers), empty segments dropped (the servers collapse `//` and strip a
 * trailing `/`: routers/common/middleware.go stripSlashesMiddleware), case
 * folded. Generous on purpose: it decides what is hidden, never what is sent.
 */
function routedSegments(path: string): string[] {
  let text = path.split(/[?#]/, 1)[0] ?? '';
  for (let layer = 0; layer < 3; layer++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      decoded = text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    if (decoded === text) break;
    text = decoded;
  }
  return text
    .toLowerCase()
    .split(/[/\\]/)
    .filter((s) => s !== '');
}

/** Whether a request's body is a secret's value as a whole (PUT …/actions/secrets/NAME), however the path is spelled. */
export function carriesSecretBody(path: string): boolean {
  const segs = routedSegments(path);
  return segs.length >= 3 && segs[segs.length - 3] === 'actions' && segs[segs.length - 2] === 'secrets';
}

/** A request body for a trace, knowing where it goes: an Actions secret's body shows only its size. */
export function redactRequestBody(path: string, body: string): string {
  return carriesSecretBody(path) ? `(${Buffer.byteLength(body)} bytes, an Actions secret: not shown)` : redactBody(body);
}

/** A URL's user part, `scheme://user[:password]@`, up to the last @ before the host ends. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#\\<>"'`]*@/gi;
/** One query parameter, `?name=value` or `&name=value`. */
const PARAM = /([?&])([^=&#\s<>"'`]+)=([^&#\s<>"'`]*)/g;

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Any text that may hold URLs (a server's message, a Link header, a value in
 * a JSON body), each URL's credentials hidden as redactUrl hides them; the
 * rest (an e-mail address) left as it is.
 */
export function redactUrlsIn(text: string): string {
  if (!text.includes('@') && !text.includes('=')) return text;
  return text.replace(USERINFO, `$1${HIDDEN}@`).replace(PARAM, (whole, sep: string, name: string) => (SECRET_PARAM.test(paramName(name)) ? `${sep}${name}=REDACTED` : whole));
}

/**
 * The one way kettle shows a URL (a request's, a proxy's, a git remote's, a
 * migration's source): its user part (a user name, a
 * password, or a token written as https://TOKEN@host/) becomes `***@`, and
 * its token, access_token, password and secret parameters `REDACTED`. A
 * value that does not parse as a URL may have a password with a slash in it:
 * everything up to its last @ is hidden then (but not the user of git's
 * user@host:path, which is no secret).
 */
export function redactUrl(value: string | URL): string {
  const text = String(value);
  const scp = /^[^@/\s:]+@[^:/\s]+:(?!\/\/)/.test(text);
  if (typeof value === 'string' && !scp && !/\s/.test(text.trim()) && !URL.canParse(text)) {
    return redactUrlsIn(text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^\s]*@/i, (_, scheme: string | undefined) => `${scheme ?? ''}${HIDDEN}@`));
  }
  return redactUrlsIn(text);
}

/** The credentials a request carries, as the server may quote them back in its answer. */
export interface SentSecrets {
  path: string;
  body?: unknown;
  /** The client's own token or password. */
  credentials?: readonly string[];
}

/** A user name sent beside a password: a name, shown; without one it is the credential itself (https://TOKEN@host/). */
const USERNAME = /_username$/i;

/** Every string under a credential's key, at any depth (and, for a secret's body, its value). */
function secretValues(value: unknown, whole: boolean, out: string[]): void {
  if (Array.isArray(value)) {
    for (const v of value) secretValues(v, whole, out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const entries = Object.entries(value);
  const withPassword = entries.some(([key, v]) => /password$/i.test(key) && typeof v === 'string' && v !== '');
  for (const [key, v] of entries) {
    const secret = (SECRET_KEY.test(key) && !(withPassword && USERNAME.test(key))) || (whole && key === 'data');
    if (typeof v === 'string' && secret) out.push(v);
    else secretValues(v, whole, out);
  }
}

/**
 * A function that hides, in a text from the server (an error's message), the
 * credentials the request sent: each value as sent and as quoted in JSON, and
 * any credential in a URL. The values sent are found as the trace finds them
 * (SECRET_KEY, a secret's body), so what a trace hides an echo cannot show.
 */
export function echoHider({ path, body, credentials = [] }: SentSecrets): (text: string) => string {
  let hidden: string[] | undefined;
  // Worked out only when an answer is to be shown: most requests succeed.
  const forms = (): string[] => {
    const whole = carriesSecretBody(path);
    const values: string[] = [...credentials];
    let parsed = body;
    if (typeof body === 'string') {
      try {
        parsed = JSON.parse(body);
      } catch {
        // A form (an OAuth2 grant: refresh_token=…, code=…): its fields, as a JSON body's, and the one-time code and its verifier.
        const form = /^[^\s=&]+=[^\s&]*(&[^\s=&]+=[^\s&]*)*$/.test(body) ? new URLSearchParams(body) : undefined;
        parsed = form === undefined ? undefined : Object.fromEntries(form);
        for (const key of ['code', 'code_verifier']) if (form?.get(key)) values.push(form.get(key) as string);
        if (whole) values.push(body);
      }
    }
    secretValues(parsed, whole, values);
    const all = new Set<string>();
    // As sent, as quoted in JSON (a message quoting the body), as quoted twice (that message in a JSON body), as in a URL.
    const quoted = (v: string) => JSON.stringify(v).slice(1, -1);
    for (const v of values) {
      if (v === '') continue;
      for (const form of [v, quoted(v), quoted(quoted(v)), encodeURIComponent(v)]) all.add(form);
    }
    // Longest first: a value that contains another is hidden whole.
    return [...all].sort((a, b) => b.length - a.length);
  };
  return (text) => {
    hidden ??= forms();
    return redactUrlsIn(hidden.reduce((out, s) => out.split(s).join(HIDDEN), text));
  };
}
