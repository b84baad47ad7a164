// Where a repository lives, as a user may write it: OWNER/NAME, HOST/OWNER/NAME,
// or a web URL (of the repository, or of one of its issues or pull requests),
// including sub-path deployments; and which stored login serves that place.
// Pure: no I/O here, so every spelling is checked by a unit-test table.
import { instanceRoot, RUN_PAGE } from '../api/url.js';
import { UsageError } from '../errors.js';
import { isSafeSegment, type RepoRef } from './repo.js';
import { HTTP_SCHEME, SCHEME } from '../text/schemes.js';

/**
 * Where a repository is, as far as what the user wrote tells: `key` is the
 * repository's web address without scheme (`host[:port]/sub/owner/name`, host
 * in lower case), matched against logins' URLs by prefix; `exact` is false for
 * an ssh remote, whose host alone means something (its port and path are
 * ssh's, not the web server's).
 */
export interface Place {
  key: string;
  hostname: string;
  exact: boolean;
  /**
   * Whether a login on the same host name serves it when no login's URL is a
   * prefix: so for a git remote (an ssh remote, or an https remote through
   * another port), never for a URL the user typed, which names its server.
   */
  loose: boolean;
  /** The web root the address suggests when no login matches it (for the `login add` hint). */
  root: string;
}

/** A repository, the place it was named on (if any) and, from an issue or pull-request URL, the number. */
export interface Located {
  repo: RepoRef;
  place?: Place;
  number?: number;
}

/** A login as the matching sees it: its name and its API or web root. */
export interface LoginEntry {
  name: string;
  url: string;
}

const HOSTLIKE = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)+|localhost|\[[0-9a-f:.]+\])(?::\d{1,5})?$|^[a-z0-9-]+:\d{1,5}$/i;

/** `host[:port]/path` of a server URL (API root or web root), lower-case host, no trailing slash, no /api/v1. */
export function keyOf(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(SCHEME.test(url) ? url : `https://${url}`);
  } catch {
    return undefined;
  }
  const path = instanceRoot(u.pathname);
  return `${u.host.toLowerCase()}${path}`;
}

function hostnameOfKey(key: string): string {
  const host = key.split('/', 1)[0] ?? '';
  return host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
}

/** Whether a login's key is the place's key or a path prefix of it. */
function covers(loginKey: string, placeKey: string): boolean {
  return placeKey === loginKey || placeKey.startsWith(`${loginKey}/`);
}

/**
 * The logins that serve a place, best first: for an exact place (a web URL),
 * the logins whose URL is the longest prefix of it; for an ssh remote (or when
 * no URL is a prefix), those on the same host name. Among logins of one URL,
 * the default first, then in the order stored.
 */
export function loginsFor(place: Place, logins: readonly LoginEntry[], defaultName?: string): LoginEntry[] {
  const keyed = logins.flatMap((l) => {
    const key = keyOf(l.url);
    return key === undefined ? [] : [{ login: l, key }];
  });
  let matches = place.exact ? keyed.filter((k) => covers(k.key, place.key)) : [];
  if (matches.length > 0) {
    const longest = Math.max(...matches.map((m) => m.key.length));
    matches = matches.filter((m) => m.key.length === longest);
  } else if (place.loose) {
    matches = keyed.filter((k) => hostnameOfKey(k.key) === place.hostname);
  }
  const ordered = matches.map((m) => m.login);
  const i = ordered.findIndex((l) => l.name === defaultName);
  if (i > 0) ordered.unshift(...ordered.splice(i, 1));
  return ordered;
}

/** Whether a server URL (KETTLE_URL's) serves a place: for a URL the user typed, only when it is a prefix of it. */
export function serves(url: string, place: Place): boolean {
  return loginsFor(place, [{ name: '', url }]).length > 0;
}

/** What an issue or pull-request web URL ends with: /issues/N or /pulls/N (a fragment or query allowed). */
const ITEM_TAIL = /^(.*)\/(issues|pulls)\/(\d{1,15})\/?(?:[#?].*)?$/;

/** What a run's web URL ends with: /actions/runs/N, or a job's page /actions/runs/N/jobs/M. */
const RUN_TAIL = new RegExp(String.raw`^(.*)${RUN_PAGE}(?:/jobs/\d{1,15})?/?(?:[#?].*)?$`);

/** The number a run's web URL names (the RUN-ID), or undefined for anything else. */
export function runOfUrl(value: string): number | undefined {
  if (!isWebUrl(value)) return undefined;
  const m = RUN_TAIL.exec(value.trim());
  const n = m ? Number(m[2]) : 0;
  return n >= 1 ? n : undefined;
}

/** Whether a NUMBER argument is written as a web URL. */
export function isWebUrl(value: string | undefined): boolean {
  return value !== undefined && HTTP_SCHEME.test(value.trim());
}

/** The number an issue or pull-request web URL names, or undefined for anything else. */
export function numberOfUrl(value: string): number | undefined {
  if (!isWebUrl(value)) return undefined;
  const m = ITEM_TAIL.exec(value.trim());
  const n = m ? Number(m[3]) : 0;
  return n >= 1 ? n : undefined;
}

function invalid(value: string, flag: string, expected: string): UsageError {
  return new UsageError(`invalid ${flag} value "${value}": expected ${expected}`);
}

const REPO_FORMS = "OWNER/NAME, HOST/OWNER/NAME or the repository's web URL";

/**
 * A repository as given to -R or as a repository argument. `roots` are the
 * stored logins' URLs (and KETTLE_URL's): a URL on one of them is split into
 * the deployment's sub-path and OWNER/NAME after it; on no known server, the
 * two segments before /issues/N or /pulls/N, else the last two, are taken.
 */
export function locateRepo(value: string, roots: readonly string[], flag = '-R'): Located {
  const trimmed = value.trim();
  const parts = trimmed.split('/');
  if (!SCHEME.test(trimmed) && parts.length === 2) {
    const [owner = '', name = ''] = [parts[0], parts[1]?.replace(/\.git$/, '')];
    if (!isSafeSegment(owner) || !isSafeSegment(name)) throw invalid(value, flag, `${REPO_FORMS} (letters, digits, - _ .)`);
    return { repo: { owner, name } };
  }
  if (SCHEME.test(trimmed) && !HTTP_SCHEME.test(trimmed)) throw invalid(value, flag, `${REPO_FORMS} (http or https)`);
  // Without a scheme, the first of three or more segments must look like a host (a dot, a port, or localhost).
  if (!SCHEME.test(trimmed) && !HOSTLIKE.test(parts[0] ?? '')) throw invalid(value, flag, REPO_FORMS);
  // HOST/OWNER/NAME is a URL without its scheme; a sub-path deployment may be written so too.
  let url: URL;
  try {
    url = new URL(SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw invalid(value, flag, REPO_FORMS);
  }
  if (url.username || url.password) throw invalid(value, flag, `${REPO_FORMS} without credentials in it`);
  const key = `${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, '')}`;
  const place = (root: string): Place => ({ key, hostname: url.hostname.replace(/^\[|\]$/g, '').toLowerCase(), exact: true, loose: false, root });
  const known = roots
    .map((r) => keyOf(r))
    .filter((k): k is string => k !== undefined && covers(k, key))
    .sort((a, b) => b.length - a.length)[0];
  let segments: string[];
  let base: string;
  if (known !== undefined) {
    const under = key.slice(known.length).split('/').filter(Boolean);
    segments = under;
    base = `${url.protocol}//${known}`;
  } else {
    const all = url.pathname.split('/').filter(Boolean);
    const item = ITEM_TAIL.exec(url.pathname) ?? RUN_TAIL.exec(url.pathname);
    const end = item ? (item[1] ?? '').split('/').filter(Boolean).length : all.length;
    const start = Math.max(0, end - 2);
    segments = all.slice(start);
    base = `${url.origin}${start > 0 ? `/${all.slice(0, start).join('/')}` : ''}`;
  }
  const owner = decodeSegment(segments[0]);
  const name = decodeSegment(segments[1])?.replace(/\.git$/, '');
  if (owner === undefined || name === undefined || !isSafeSegment(owner) || !isSafeSegment(name)) throw invalid(value, flag, REPO_FORMS);
  const located: Located = { repo: { owner, name }, place: place(base) };
  if ((segments[2] === 'issues' || segments[2] === 'pulls') && /^\d{1,15}$/.test(segments[3] ?? '') && Number(segments[3]) >= 1) {
    located.number = Number(segments[3]);
  }
  return located;
}

function decodeSegment(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** The place a git remote names: exact for http(s) remotes, the host name alone for ssh. */
export function placeOfRemote(url: string): Place | undefined {
  const trimmed = url.trim();
  if (HTTP_SCHEME.test(trimmed)) {
    try {
      const u = new URL(trimmed);
      const path = u.pathname.replace(/\/+$/, '').replace(/\.git$/, '');
      const hostname = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      return { key: `${u.host.toLowerCase()}${path}`, hostname, exact: true, loose: true, root: u.origin };
    } catch {
      return undefined;
    }
  }
  const ssh = /^(?:[a-z+]+:\/\/)?(?:[^@/\s]+@)?(\[[^\]]+\]|[^:/\s]+)/i.exec(trimmed);
  const hostname = ssh?.[1]?.replace(/^\[|\]$/g, '').toLowerCase();
  return hostname ? { key: hostname, hostname, exact: false, loose: true, root: `https://${hostname}` } : undefined;
}
