// git, run with an argument list (never through a shell) in the command's
// working folder and environment: the current branch, remotes, fetching a pull
// request's head, switching branches. A git command that changes something
// says so (a Change), and under --dry-run it is shown as one line instead of run.
import type { DryRun } from '../api/dry-run.js';
import { redactUrlsIn } from '../api/redact.js';
import { KettleError } from '../errors.js';

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * What a git command changes: the server (a push; `server` names it where a
 * read after it stops a dry run), or this machine (a remote, a branch, git's
 * config, a clone kettle keeps); and the command's dry run, when it runs dry.
 */
export interface Change {
  dryRun: DryRun | undefined;
  on: { server: string } | 'local';
}

/** A git command as a line a user could type: the -c settings kettle adds (its credential helper) left out, URLs without credentials. */
export function gitLine(args: readonly string[]): string {
  const shown: string[] = [];
  let i = 0;
  // git's own options, before the command: -C FOLDER is kept, -c NAME=VALUE is kettle's.
  for (; i < args.length && (args[i] === '-c' || args[i] === '-C'); i += 2) if (args[i] === '-C') shown.push('-C', args[i + 1] as string);
  shown.push(...args.slice(i));
  return redactUrlsIn(['git', ...shown].map(shellWord).join(' '));
}

/**
 * Run git and return what it said, whatever its exit status. A `change`
 * under --dry-run is shown and not run: it answers as a git that did it
 * without a word.
 */
export async function git(cwd: string, env: NodeJS.ProcessEnv, args: string[], change?: Change): Promise<GitResult> {
  if (change?.dryRun !== undefined) {
    change.dryRun.hold(gitLine(args), change.on);
    return { code: 0, stdout: '', stderr: '' };
  }
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile('git', args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 127) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/**
 * git's own reason for a failure, on one line: its "fatal:"/"error:" lines with
 * the paths it lists under them (indented), else its last line.
 */
export function gitReason(r: GitResult): string {
  const raw = r.stderr.split('\n');
  const parts: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i] ?? '';
    if (!/^(fatal|error):/.test(line)) continue;
    const listed: string[] = [];
    while (i + 1 < raw.length && /^\s+\S/.test(raw[i + 1] ?? '')) listed.push((raw[++i] ?? '').trim());
    const shown = listed.length > 5 ? [...listed.slice(0, 5), `and ${listed.length - 5} more`] : listed;
    parts.push(`${line.replace(/^(fatal|error):\s*/, '')}${shown.length ? ` ${shown.join(', ')}` : ''}`);
  }
  if (parts.length > 0) return parts.join('; ');
  const last = raw
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? `git exited with status ${r.code}`;
}

/** Run git; a failure is a KettleError saying what was tried and git's reason. */
export async function gitOk(cwd: string, env: NodeJS.ProcessEnv, args: string[], what: string, change?: Change): Promise<string> {
  const r = await git(cwd, env, args, change);
  if (r.code !== 0) throw new KettleError(`cannot ${what}: ${gitReason(r)}`);
  return r.stdout;
}

/** The checked-out branch, or undefined (detached HEAD, not a repository, no git). */
export async function currentBranch(cwd: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const r = await git(cwd, env, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const name = r.stdout.trim();
  return r.code === 0 && name !== '' ? name : undefined;
}

/** A ref's commit, or undefined when it does not exist. */
export async function revParse(cwd: string, env: NodeJS.ProcessEnv, ref: string): Promise<string | undefined> {
  const r = await git(cwd, env, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return r.code === 0 ? r.stdout.trim() : undefined;
}

/** Whether `ancestor` is an ancestor of (or the same as) `descendant`. */
export async function isAncestor(cwd: string, env: NodeJS.ProcessEnv, ancestor: string, descendant: string): Promise<boolean> {
  return (await git(cwd, env, ['merge-base', '--is-ancestor', ancestor, descendant])).code === 0;
}

/** The remotes with their fetch URLs, in git's order. */
export async function remotes(cwd: string, env: NodeJS.ProcessEnv): Promise<Array<{ name: string; url: string }>> {
  const r = await git(cwd, env, ['remote', '-v']);
  if (r.code !== 0) return [];
  const seen = new Map<string, string>();
  for (const line of r.stdout.split('\n')) {
    const m = /^(\S+)\s+(\S+)\s+\(fetch\)\s*$/.exec(line);
    if (m?.[1] && m[2] && !seen.has(m[1])) seen.set(m[1], m[2]);
  }
  return [...seen].map(([name, url]) => ({ name, url }));
}

/** Subjects and bodies of the commits in `base..head`, oldest first. */
export async function commitsBetween(cwd: string, env: NodeJS.ProcessEnv, base: string, head: string): Promise<Array<{ subject: string; body: string }>> {
  const r = await git(cwd, env, ['log', '--reverse', '--format=%s%x1f%b%x1e', `${base}..${head}`, '--']);
  if (r.code !== 0) return [];
  return r.stdout
    .split('\x1e')
    .map((c) => c.replace(/^\n/, ''))
    .filter((c) => c.trim() !== '')
    .map((c) => {
      const [subject = '', body = ''] = c.split('\x1f');
      return { subject: subject.trim(), body: body.trim() };
    });
}

/** A word for git's shell: single-quoted, a quote written '\''. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** kettle as git's credential helper (`kettle login git-credential`): the helper line; `!` runs it through the shell, with get/store/erase appended by git. */
export function helperLine(self: string[]): string {
  return `!${[...self, 'login', 'git-credential'].map(shellWord).join(' ')}`;
}
