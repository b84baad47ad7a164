// Which repository a command is about: -R OWNER/NAME, or the git remotes of
// the current directory: among the remotes on a host kettle has a login for,
// origin first, then upstream, then the others in git's order.
import { redactUrl } from '../api/redact.js';
import type { RepoRef } from '../api/repo.js';
import { SCHEME } from '../text/schemes.js';

export type { RepoRef };

export interface Remote {
  name: string;
  url: string;
}

export interface ParsedRemote extends RepoRef {
  host: string;
}

/** Gitea's rule for owner and repository names: letters, digits, - _ . ; not . or .. */
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

export function isSafeSegment(s: string): boolean {
  return SEGMENT.test(s) && s !== '.' && s !== '..' && s.length <= 100;
}

export function fullName(r: RepoRef): string {
  return `${r.owner}/${r.name}`;
}

/**
 * Owner and name from a git remote URL: https/http, ssh://, scp-style
 * git@host:owner/name, with or without .git, including sub-path deployments
 * (the last two path segments are owner and name).
 */
export function parseRemoteUrl(url: string): ParsedRemote | undefined {
  const trimmed = url.trim();
  let host: string;
  let path: string;
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(.+)$/.exec(trimmed);
  if (SCHEME.test(trimmed)) {
    let u: URL;
    try {
      u = new URL(trimmed);
    } catch {
      return undefined;
    }
    if (!['http:', 'https:', 'ssh:', 'git:', 'git+ssh:', 'ssh+git:'].includes(u.protocol)) return undefined;
    host = u.hostname;
    path = decodeURIComponent(u.pathname);
  } else if (scp && scp[1] !== undefined && scp[2] !== undefined) {
    host = scp[1];
    path = scp[2];
  } else {
    return undefined;
  }
  const segments = path
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .split('/')
    .filter(Boolean);
  const name = segments.at(-1);
  const owner = segments.at(-2);
  if (!owner || !name || !isSafeSegment(owner) || !isSafeSegment(name)) return undefined;
  return { host: host.toLowerCase().replace(/^\[|\]$/g, ''), owner, name };
}

/** `git remote -v` output into remotes (fetch URLs only, in order). */
export function parseGitRemotes(output: string): Remote[] {
  const remotes: Remote[] = [];
  for (const line of output.split('\n')) {
    const m = /^(\S+)\s+(\S+)\s+\(fetch\)\s*$/.exec(line);
    if (m?.[1] && m[2] && !remotes.some((r) => r.name === m[1])) remotes.push({ name: m[1], url: m[2] });
  }
  return remotes;
}

/** A repository read from a git remote, with the remote it came from (for messages). */
export interface RemoteRepo extends ParsedRemote {
  remote: Remote;
}

/**
 * Pick the repository from the remotes. Only remotes whose host is one of
 * `hosts` (the hosts of the stored logins and of KETTLE_URL) count: a clone of
 * a GitHub project whose `origin` is on github.com must not be read as a path
 * on the Gitea server. Among those, origin first, then upstream, then the
 * others in git's order.
 */
export function pickRemote(remotes: Remote[], hosts: Iterable<string>): RemoteRepo | undefined {
  const known = new Set([...hosts].map((h) => h.toLowerCase()));
  const usable = remotes.flatMap((remote) => {
    const repo = parseRemoteUrl(remote.url);
    return repo && known.has(repo.host) ? [{ ...repo, remote }] : [];
  });
  const rank = (r: RemoteRepo) => (r.remote.name === 'origin' ? 0 : r.remote.name === 'upstream' ? 1 : 2);
  // Array.prototype.sort is stable: the others keep git's order.
  return usable.sort((a, b) => rank(a) - rank(b))[0];
}

/** Where a repository came from, for messages: `git remote "upstream", https://…` (credentials hidden). */
export function remoteSource(remote: Remote): string {
  return `git remote "${remote.name}", ${redactUrl(remote.url)}`;
}

/** The remotes of the git repository at cwd; git runs with the command's environment, not the process's. */
export async function gitRemotes(cwd: string, env: NodeJS.ProcessEnv): Promise<Remote[]> {
  // Loaded here, not at the top: node:child_process pulls in net, dns and
  // streams, a measurable part of start-up for commands that never run git.
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile('git', ['remote', '-v'], { cwd, env, timeout: 5000 }, (err, stdout) => {
      // Not a git repository, or no git: simply no remotes.
      resolve(err ? [] : parseGitRemotes(stdout));
    });
  });
}

export const NO_REPO_HINT = 'no repository given and none found in the git remotes of this directory (a remote counts when kettle has a login for its host); pass -R OWNER/NAME';
