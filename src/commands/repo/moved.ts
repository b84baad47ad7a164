// After a rename or a transfer: the git remotes of the current directory that
// pointed at the old address are pointed at the new one. On a terminal kettle
// asks; in scripts it changes them only with --update-remote, and otherwise
// says the command that would (credentials in a URL are never shown).
import type { Context } from '../../context/context.js';
import { git, gitReason } from '../../context/git.js';
import { redactUrl } from '../../api/redact.js';
import { hostnameOf } from '../../context/logins.js';
import { choose } from '../../context/prompt.js';
import { fullName, parseGitRemotes, parseRemoteUrl, type RepoRef } from '../../context/repo.js';
import { canPrompt } from '../../io.js';
import { KettleError } from '../../errors.js';

/** A remote URL with its trailing OWNER/NAME replaced, keeping the scheme, host, user, path prefix and .git. */
export function movedUrl(url: string, from: RepoRef, to: RepoRef): string | undefined {
  const m = /^(.*[/:])([^/:]+)\/([^/]+?)(\.git)?(\/*)$/.exec(url);
  if (!m) return undefined;
  const [, prefix = '', owner = '', name = '', dotGit = '', slashes = ''] = m;
  if (owner.toLowerCase() !== from.owner.toLowerCase() || name.toLowerCase() !== from.name.toLowerCase()) return undefined;
  return `${prefix}${to.owner}/${to.name}${dotGit}${slashes}`;
}

/** The remotes of the current directory on this server that name `from`, with their new URLs. */
async function remotesOf(ctx: Context, root: string, from: RepoRef, to: RepoRef): Promise<Array<{ name: string; url: string; next: string }>> {
  const r = await git(ctx.io.cwd, ctx.io.env, ['remote', '-v']);
  if (r.code !== 0) return [];
  const host = hostnameOf(root)?.toLowerCase();
  const found: Array<{ name: string; url: string; next: string }> = [];
  for (const remote of parseGitRemotes(r.stdout)) {
    const parsed = parseRemoteUrl(remote.url);
    if (!parsed || parsed.host !== host) continue;
    const next = movedUrl(remote.url, from, to);
    if (next !== undefined) found.push({ ...remote, next });
  }
  return found;
}

/**
 * Point the remotes that named `from` at `to`: at once with `update`, after
 * asking on a terminal, else a note with the command. Nothing is said when no
 * remote named it.
 */
export async function followMove(ctx: Context, root: string, from: RepoRef, to: RepoRef, update: boolean): Promise<void> {
  const remotes = await remotesOf(ctx, root, from, to);
  for (const remote of remotes) {
    let go = update;
    if (!go && canPrompt(ctx.io)) {
      go =
        (await choose(ctx.io, '--update-remote', `Point git remote "${remote.name}" at ${fullName(to)} (${redactUrl(remote.next)})?`, [
          { title: 'Yes', value: 'yes' },
          { title: 'No', value: 'no' },
        ])) === 'yes';
    }
    if (!go) {
      ctx.term.info(`kettle: git remote "${remote.name}" still points at ${fullName(from)}; to update it: git remote set-url ${remote.name} ${redactUrl(remote.next)}`);
      continue;
    }
    const r = await git(ctx.io.cwd, ctx.io.env, ['remote', 'set-url', remote.name, remote.next], { dryRun: ctx.dryRun, on: 'local' });
    if (r.code !== 0) throw new KettleError(`cannot update git remote "${remote.name}": ${gitReason(r)}`);
    ctx.term.success(`Updated git remote "${remote.name}" to ${redactUrl(remote.next)}`);
  }
}
