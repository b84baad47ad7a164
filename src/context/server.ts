// Knowing the server: its flavour (Gitea or Forgejo) and version, learned once
// from GET /version and kept per server in the user's cache folder for a day,
// so that commands whose behaviour depends on it cost no request after the first.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { ApiClient } from '../api/client.js';
import type { Logins, ResolvedLogin } from './logins.js';
import type { Terminal } from './terminal.js';

export type Flavour = 'gitea' | 'forgejo';

export interface ServerInfo {
  flavour: Flavour;
  /** As the server reports it, e.g. "1.23.8" or "11.0.1+gitea-1.22.0". */
  version: string;
  /** The flavour's own version numbers, e.g. [1, 23, 8] or [11, 0, 1]. */
  numbers: [number, number, number];
}

/** How long a learned version is trusted: servers are upgraded, but rarely twice a day. */
export const SERVER_CACHE_MS = 24 * 60 * 60 * 1000;

/**
 * A version as GET /version writes it. Forgejo's names the Gitea API it
 * follows after `+gitea-` (15.0.3+gitea-1.22.0, 12.0.0-dev-12-abc+gitea-1.22.0);
 * Gitea's is its own (1.23.8, 1.26.0+dev-41-g1234).
 */
export function parseServerVersion(version: string): ServerInfo {
  // In any case, without the i flag (text/schemes.ts says why).
  const flavour: Flavour = /\+[gG][iI][tT][eE][aA]-/.test(version) ? 'forgejo' : 'gitea';
  const [a = 0, b = 0, c = 0] = (/^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version.trim()) ?? []).slice(1).map((n) => Number.parseInt(n ?? '0', 10) || 0);
  return { flavour, version, numbers: [a, b, c] };
}

/** True when the server is of this flavour at this version or later ("1.26", "15.0.3"). */
export function atLeast(info: ServerInfo, flavour: Flavour, version: string): boolean {
  if (info.flavour !== flavour) return false;
  const want = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < 3; i++) {
    const d = (info.numbers[i] ?? 0) - (want[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/** Whether the server said its version (one without GET /version reads as version ""). */
export function known(info: ServerInfo | undefined): info is ServerInfo {
  return info !== undefined && info.version !== '';
}

/** "Gitea 1.23.8", "Forgejo 11.0.1". */
export function describeServer(info: ServerInfo): string {
  if (info.version === '') return 'a server that does not say its version';
  return `${info.flavour === 'forgejo' ? 'Forgejo' : 'Gitea'} ${info.numbers.join('.')}`;
}

interface CacheEntry {
  version: string;
  /** When it was learned, in ms since the epoch. */
  at: number;
}

/** The cache file, or undefined when the environment names no cache folder. */
export function serverCacheFile(env: NodeJS.ProcessEnv): string | undefined {
  const base = env.XDG_CACHE_HOME || (env.HOME ? join(env.HOME, '.cache') : undefined);
  if (base === undefined || !isAbsolute(base)) return undefined;
  return join(base, 'kettle', 'servers.json');
}

function readCache(file: string): Record<string, CacheEntry> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, CacheEntry>) : {};
  } catch {
    return {};
  }
}

/** What is known of the server at this API root, when learned less than a day ago. */
export function cachedServer(env: NodeJS.ProcessEnv, root: string, now: number): (ServerInfo & { at: number }) | undefined {
  const file = serverCacheFile(env);
  if (file === undefined) return undefined;
  const entry = readCache(file)[root];
  if (!entry || typeof entry.version !== 'string' || typeof entry.at !== 'number') return undefined;
  if (now - entry.at > SERVER_CACHE_MS || entry.at > now + 60_000) return undefined;
  return { ...parseServerVersion(entry.version), at: entry.at };
}

/** Keep what was learned (a file of our own renamed over the old one); a cache that cannot be written is only slower. */
export function rememberServer(env: NodeJS.ProcessEnv, root: string, version: string, now: number): void {
  const file = serverCacheFile(env);
  if (file === undefined) return;
  try {
    // One level at a time, not recursively: Node's recursive mkdir can spin
    // forever under /proc, and a cache folder whose parent is missing is not worth making.
    const dir = join(file, '..');
    for (const d of [join(dir, '..'), dir]) {
      try {
        mkdirSync(d, { mode: 0o700 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    const entries = readCache(file);
    // Entries past their day are dropped, so the file stays as small as the logins in use.
    for (const [key, e] of Object.entries(entries)) if (typeof e?.at !== 'number' || now - e.at > SERVER_CACHE_MS) delete entries[key];
    entries[root] = { version, at: now };
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(entries)}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // An unwritable cache folder: the next command asks the server again.
  }
}

/** What a command knows of the server of the login in use: learned on first ask, once. */
export class Servers {
  private info: Promise<ServerInfo> | undefined;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly now: () => Date,
    private readonly term: Terminal,
    private readonly logins: Logins,
    private readonly api: (login: ResolvedLogin) => Promise<ApiClient>,
  ) {}

  /**
   * The server's flavour and version: from the cache folder when learned less
   * than a day ago, else GET /version (then kept). Only commands whose
   * behaviour depends on it ask, so the others cost no request.
   */
  server(): Promise<ServerInfo> {
    this.info ??= (async () => {
      const login = this.logins.resolve();
      const now = this.now().getTime();
      const known = cachedServer(this.env, login.root, now);
      if (known) {
        this.term.trace(() => `server: ${describeServer(known)} (${known.version}, learned ${new Date(known.at).toISOString()})`);
        return known;
      }
      const api = await this.api(login);
      const { versionOrNone } = await import('../api/gitea/server.js');
      // Unknown goes on with what every server accepts (issue 34, 13), and is not kept: a later upgrade shows.
      const text = await versionOrNone(api);
      if (text === '') return parseServerVersion('');
      rememberServer(this.env, login.root, text, now);
      const info = parseServerVersion(text);
      this.term.trace(`server: ${describeServer(info)} (${text})`);
      return info;
    })();
    return this.info;
  }

  /** What the cache folder knows of the resolved login's server, without asking it. */
  known(): ServerInfo | undefined {
    return cachedServer(this.env, this.logins.resolve().root, this.now().getTime());
  }
}
