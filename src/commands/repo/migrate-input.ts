// What repo migrate checks before sending: the source address (credentials
// taken out of it), the new name, the mirror interval and --with.
import { redactUrl } from '../../api/redact.js';
import { UsageError } from '../../errors.js';
import { ITEMS } from './choices.js';

export interface Source {
  /** The address without its user part: what is sent (shown through redactUrl, which hides an ?access_token=). */
  url: string;
  username: string | undefined;
  password: string | undefined;
}

/** The clone address, with a user name and password in it moved out (they are sent in their own fields). */
export function parseSource(value: string): Source {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`invalid clone address "${redactUrl(value)}": expected an address such as https://git.example.com/alice/teapot.git`);
  }
  // routers/api/v1/repo/migrate.go → forms.ParseRemoteAddr: http, https and git addresses.
  if (!['http:', 'https:', 'git:'].includes(url.protocol)) {
    throw new UsageError(`invalid clone address "${redactUrl(url)}": the servers migrate from http, https and git addresses`);
  }
  const username = url.username === '' ? undefined : decodeURIComponent(url.username);
  const password = url.password === '' ? undefined : decodeURIComponent(url.password);
  return { url: cleanUrl(url), username, password };
}

/** The address to send: its user part moved out into the request's own fields. */
function cleanUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

/** The source's name: the last segment of its path, without `.git`. */
export function defaultName(url: string): string {
  const segments = new URL(url).pathname.split('/').filter((s) => s !== '');
  const last = segments.at(-1) ?? '';
  return last.replace(/\.git$/i, '');
}

const NAME = /^[A-Za-z0-9_.-]+$/;

/** The servers' rule for repository names (AlphaDashDot, at most 100, not ending in .git). */
export function checkName(name: string, given: boolean): string {
  const why = !given && name === '' ? 'the address has no repository name in it; give NAME' : undefined;
  if (why) throw new UsageError(why);
  if (!NAME.test(name) || name === '.' || name === '..' || name.length > 100 || /\.git$/i.test(name)) {
    throw new UsageError(`invalid repository name "${name}": use letters, digits, - _ . (at most 100, not ending in .git)`);
  }
  return name;
}

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
/** The shortest interval the servers take (setting.Mirror.MinInterval, 10 minutes by default). */
export const MIN_INTERVAL_MS = 600_000;

/**
 * A mirror interval in Go's duration syntax (8h, 1h30m, 90m), as the servers
 * parse it (services/repository/migrate.go): 0 turns syncing off; anything
 * else under 10 minutes makes the migration fail after the repository was
 * created, so it is refused here.
 */
export function parseInterval(value: string): string {
  const text = value.trim();
  if (text === '0') return '0';
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  const whole = parts.map((m) => m[0]).join('');
  if (parts.length === 0 || whole !== text) throw new UsageError(`invalid --interval "${value}": use a duration such as 8h, 30m or 1h30m (0: never)`);
  const ms = parts.reduce((sum, m) => sum + Number(m[1]) * (UNIT_MS[m[2] as string] ?? 0), 0);
  if (ms === 0) return '0';
  if (ms < MIN_INTERVAL_MS) throw new UsageError(`--interval ${value} is too short: the servers sync a mirror at most every 10m (0: never)`);
  return text;
}

export type Item = (typeof ITEMS)[number];

export function parseItems(value: string | undefined): Item[] {
  if (value === undefined) return [];
  const items: Item[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim().toLowerCase();
    if (item === '') continue;
    if (!(ITEMS as readonly string[]).includes(item)) throw new UsageError(`--with: unknown item "${raw.trim()}" (known: ${ITEMS.join(', ')})`);
    if (!items.includes(item as Item)) items.push(item as Item);
  }
  return items;
}
