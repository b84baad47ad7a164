// Pure URL handling: turning what a user typed into an API root, encoding path
// segments, and building request URLs. No I/O here.
import { KettleError, UsageError } from '../errors.js';
import { redactUrl } from './redact.js';
import { SCHEME } from '../text/schemes.js';

/** The path of the API under a server's web root. */
export const API_PATH = '/api/v1';

/**
 * The API root for a server URL given as an instance root
 * (`https://git.example.com`), a sub-path deployment (`https://example.com/forge`)
 * or an API root (`…/api/v1`). Returned without a trailing slash. `from`
 * says where the URL was given, so a message speaks of what the user can change.
 */
export function apiRoot(input: string, from: 'flag' | 'KETTLE_URL' = 'flag'): string {
  const trimmed = input.trim();
  const named = from === 'KETTLE_URL' ? 'KETTLE_URL' : 'the server URL';
  const invalid = from === 'KETTLE_URL' ? 'invalid KETTLE_URL' : 'invalid server URL';
  if (trimmed === '') throw new UsageError(`${named} is empty`);
  // A scheme with a slash missing or none ("http:/host", "https:host") would
  // otherwise be read as a host called "http": say what is wrong instead.
  const broken = /^([hH][tT][tT][pP][sS]?):(?!\/\/)\/?(.*)$/.exec(trimmed);
  if (broken) {
    const [, scheme = '', rest = ''] = broken;
    const fix = `; did you mean ${scheme.toLowerCase()}://${rest.replace(/^\/+/, '')}?`;
    throw new UsageError(`${invalid} "${redactUrl(trimmed)}": expected http:// or https:// and then the host${fix}`);
  }
  // A bare host ("git.example.com", "127.0.0.1:3000") is taken as https, as a
  // browser would; a server that answers plain http then gets a message saying so.
  const withScheme = SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(`${invalid}: ${redactUrl(trimmed)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${invalid}: ${url.protocol} is not supported; use http:// or https://`);
  }
  if (url.username || url.password) {
    // Flags do not apply to a variable: each source says how it takes credentials.
    throw new UsageError(
      from === 'KETTLE_URL'
        ? 'KETTLE_URL must not contain credentials; put the token in KETTLE_TOKEN instead'
        : 'the server URL must not contain credentials; pass --user/--password or --token instead',
    );
  }
  if (url.search || url.hash) {
    throw new UsageError(`${invalid}: remove the query or fragment from ${url.origin}${url.pathname}`);
  }
  return `${url.origin}${instanceRoot(url.pathname)}${API_PATH}`;
}

/** The path a run's web page ends with (models/actions/run.go HTMLURL): its number is the RUN-ID. */
export const RUN_PAGE = String.raw`/actions/runs/(\d{1,15})`;

/**
 * The web root of the instance a server URL names, an API root's or a web
 * root's (or the path of one): trailing slashes and a final /api/v1, in any
 * case, removed. The one place that suffix is taken off.
 */
export function instanceRoot(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.toLowerCase().endsWith(API_PATH) ? trimmed.slice(0, -API_PATH.length) : trimmed;
}

/** This machine's names, as a URL's hostname has them: lower-case already (the URL parser sees to it), so without the i flag (text/schemes.ts). */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Whether requests to a root cross a network unencrypted: plain http to a host that is not this machine. */
export function sentInTheClear(root: string): boolean {
  const url = parsed(root);
  return url.protocol === 'http:' && !LOOPBACK.test(url.hostname);
}

/** The host (with port when not default) of a URL, for messages and login names. */
export function hostOf(url: string): string {
  try {
    return parsed(url).host;
  } catch {
    return url;
  }
}

/**
 * Encode one path segment so no value can ever reach another endpoint: `/`,
 * `?`, `#` and `%` are escaped, and the dot segments `.` and `..` (which URL
 * parsers resolve even when percent-encoded) are refused.
 */
export function encodeSegment(value: string | number): string {
  const s = String(value);
  if (s === '' || s === '.' || s === '..') {
    throw new UsageError(`"${s}" cannot be used as a name in a request path`);
  }
  // A lone surrogate cannot be sent as UTF-8 (encodeURIComponent throws): it
  // becomes U+FFFD, as any UTF-8 encoder would make it.
  const wellFormed = Buffer.from(s, 'utf8').toString('utf8');
  return encodeURIComponent(wellFormed).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Tagged template that encodes every interpolated value as a path segment: p`/repos/${o}/${r}`. */
export function p(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    // Ids often come from the server's own records: one without a usable id
    // must not become a request to `/releases/undefined/assets`.
    const usable = (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && v !== '');
    if (!usable) throw new KettleError(`the server sent a record without a usable identifier (${JSON.stringify(v) ?? String(v)} where ${out}… needs one)`);
    out += encodeSegment(v) + (strings[i + 1] ?? '');
  });
  return out;
}

export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;

/** How many layers of percent-encoding are looked through for a dot segment (a server or proxy may decode twice). */
const DECODE_LAYERS = 3;

function outsideRoot(path: string, root: string): UsageError {
  return new UsageError(`${JSON.stringify(path)} leads outside the API root ${new URL(root).pathname}; refusing to send your credentials there`);
}

/**
 * Whether a path relative to the API root climbs above it once its dot
 * segments are resolved. Empty segments count for nothing (a server may
 * collapse `//`), and a backslash separates as a slash does (URL parsers and
 * some servers take it so).
 */
function climbsOut(path: string): boolean {
  let depth = 0;
  for (const segment of path.split(/[/\\]/)) {
    if (segment === '' || segment === '.') continue;
    depth += segment === '..' ? -1 : 1;
    if (depth < 0) return true;
  }
  return false;
}

/**
 * Refuse a path relative to the API root that could reach another
 * application on the same host: dot segments that climb above the root,
 * however they are spelled (`%2e%2e`, `..%2f`, backslashes, encoded twice…).
 * URL parsers resolve some spellings and servers or proxies decode others, so
 * each layer of decoding is checked, before anything is sent.
 */
export function checkUnderRoot(path: string, root: string): void {
  let text = path.split(/[?#]/, 1)[0] ?? '';
  for (let layer = 0; ; layer++) {
    if (climbsOut(text)) throw outsideRoot(path, root);
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      // A malformed escape elsewhere: still look through the escapes that spell a dot segment.
      decoded = text.replace(/%2e/gi, '.').replace(/%2f/gi, '/').replace(/%5c/gi, '\\');
    }
    if (decoded === text) return;
    // Encoded more deeply than any server decodes: refuse rather than guess.
    if (layer === DECODE_LAYERS) throw outsideRoot(path, root);
    text = decoded;
  }
}

/**
 * Join an API root, a path relative to it and query parameters into one URL.
 * The URL always stays under the root (see checkUnderRoot): this is where a
 * credential is about to be attached to it.
 */
export function buildUrl(root: string, path: string, query: Record<string, QueryValue> = {}): URL {
  const rel = path.startsWith('/') ? path : `/${path}`;
  checkUnderRoot(rel, root);
  // A path without a query of its own (every request but `kettle api`'s):
  // the query is written here, as URLSearchParams would write it, and parsed
  // with the rest. URLSearchParams and the URL's search setter, used the
  // first time, cost a command 0.3 to 0.4 ms before its first request
  // (test/tools/BENCH.md).
  const own = rel.includes('?') || rel.includes('#');
  const search = own ? '' : queryString(query);
  const url = new URL(search === '' ? root + rel : `${root}${rel}?${search}`);
  const base = parsed(root);
  const under = url.pathname === base.pathname || url.pathname.startsWith(`${base.pathname.replace(/\/$/, '')}/`);
  if (url.origin !== base.origin || !under) throw outsideRoot(path, root);
  if (!own) return url;
  // The parameters set on a copy of the URL's own, and the query written once
  // (url.searchParams writes the whole query again at each change: a list
  // builds a URL for each of its pages).
  let params: URLSearchParams | undefined;
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    params ??= new URLSearchParams(url.search);
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  if (params !== undefined) url.search = params.toString();
  return url;
}

/**
 * Query parameters as URLSearchParams writes them (application/x-www-form-urlencoded):
 * each name and value in UTF-8 (a lone surrogate as U+FFFD), a space as `+`,
 * and every byte but ASCII letters, digits and `*-._` percent-encoded; a list
 * as the name repeated; undefined, null and an empty list left out.
 */
export function queryString(query: Record<string, QueryValue>): string {
  let out = '';
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) out += `${out === '' ? '' : '&'}${formEncoded(key)}=${formEncoded(String(v))}`;
  }
  return out;
}

/** Bytes encodeURIComponent leaves as they are and a form's encoding does not. */
const NOT_IN_FORMS = /[!'()~]/g;

function formEncoded(text: string): string {
  if (/^[A-Za-z0-9*._-]*$/.test(text)) return text;
  const wellFormed = Buffer.from(text, 'utf8').toString('utf8');
  return encodeURIComponent(wellFormed)
    .replace(/%20/g, '+')
    .replace(NOT_IN_FORMS, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A URL read once for the many times it is asked of (the API root: each
 * request's URL is checked against it, and its host read for settings and
 * messages). Never changed by those who ask: they only read it. The last few
 * kept; one that does not parse throws, as new URL() does.
 */
const parsedUrls = new Map<string, URL>();
export function parsed(text: string): URL {
  let url = parsedUrls.get(text);
  if (url === undefined) {
    url = new URL(text);
    if (parsedUrls.size >= 8) parsedUrls.clear();
    parsedUrls.set(text, url);
  }
  return url;
}
