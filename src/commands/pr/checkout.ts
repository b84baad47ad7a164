// kettle pr checkout NUMBER [--branch NAME] [--force]: fetch the pull
// request's head (refs/pull/N/head from the remote of the base repository,
// which serves forks too) into a local branch and switch to it.
import { target } from '../../context/target.js';
import type { PullRequest } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { gitProtocolFor } from '../../context/preferences.js';
import { currentBranch, git, gitOk, gitReason, isAncestor, remotes, revParse } from '../../context/git.js';
import { fullName, parseRemoteUrl, type RepoRef } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { prNumber, readPull } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/checkout.js';

export type CheckoutOptions = OptionsOf<typeof definition.checkout>;

/** The remote whose URL is the base repository (by owner/name; the clone URL as a fallback). */
async function baseRemote(cwd: string, env: NodeJS.ProcessEnv, repo: RepoRef, cloneUrl: string | undefined): Promise<string> {
  const all = await remotes(cwd, env);
  const same = (url: string) => {
    const parsed = parseRemoteUrl(url);
    if (parsed && parsed.owner.toLowerCase() === repo.owner.toLowerCase() && parsed.name.toLowerCase() === repo.name.toLowerCase()) return true;
    return cloneUrl !== undefined && url.replace(/\/+$/, '') === cloneUrl.replace(/\/+$/, '');
  };
  const found = all.find((r) => same(r.url));
  // No remote points there (a bare path, say): fetch from the server's clone URL directly.
  return (
    found?.name ??
    cloneUrl ??
    (() => {
      throw new KettleError(`no git remote points at ${fullName(repo)}; add one with: git remote add upstream URL`);
    })()
  );
}

function checkBranchName(name: string): string {
  if (name.trim() === '' || /[\s~^:?*[\\\u0000-\u001f]|\.\.|^[-/]|\/$|\.lock$|@\{/.test(name)) throw new UsageError(`invalid --branch "${name}": not a branch name`);
  return name;
}

export async function run(ctx: Context, opts: CheckoutOptions): Promise<void> {
  const number = prNumber(opts.number);
  if (opts.branch !== undefined) checkBranchName(opts.branch);
  const { cwd } = ctx.io;
  const env = ctx.env;
  const top = await git(cwd, env, ['rev-parse', '--show-toplevel']);
  if (top.code !== 0) throw new UsageError(`not inside a git repository: ${gitReason(top)}`);
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const api = await at.api();
  const pr: PullRequest = await readPull(api, at.repo, number);
  const headBranch = pr.head?.ref ?? `pr-${number}`;
  const branch = opts.branch ?? headBranch;
  // With no remote for the base repository, git fetches from its URL, by the git_protocol setting.
  const baseUrl = gitProtocolFor(ctx.io, at.login()) === 'ssh' ? (pr.base?.repo?.ssh_url ?? pr.base?.repo?.clone_url) : pr.base?.repo?.clone_url;
  const remote = await baseRemote(cwd, env, at.repo, baseUrl);
  const pullRef = `refs/pull/${number}/head`;
  await gitOk(cwd, env, ['fetch', '--quiet', '--', remote, pullRef], `fetch ${pullRef} from ${remote}`);
  const fetched = (await revParse(cwd, env, 'FETCH_HEAD')) as string;
  const local = await revParse(cwd, env, `refs/heads/${branch}`);
  const onIt = (await currentBranch(cwd, env)) === branch;
  if (local === fetched) {
    if (!onIt) await gitOk(cwd, env, ['switch', '--quiet', '--', branch], `switch to ${branch}`);
    ctx.term.success(`Switched to ${branch}, already at the head of pull request #${number}`);
    return;
  }
  if (local !== undefined && !(await isAncestor(cwd, env, local, fetched)) && !opts.force) {
    throw new KettleError(`local branch ${branch} has diverged from pull request #${number}'s head; use --force to reset it, or --branch NAME for another branch`);
  }
  if (onIt) {
    // Moving the checked-out branch: merge --ff-only keeps git's refusal of local changes;
    // with --force, reset --keep does the same while allowing a non-fast-forward.
    const args = local !== undefined && !(await isAncestor(cwd, env, local, fetched)) ? ['reset', '--keep', fetched] : ['merge', '--ff-only', '--quiet', fetched];
    await gitOk(cwd, env, args, `update ${branch}`);
  } else if (local === undefined) {
    await gitOk(cwd, env, ['switch', '--quiet', '-c', branch, fetched], `create and switch to ${branch}`);
  } else {
    // Switch first, so git refuses local changes it would overwrite before the branch moves.
    await gitOk(cwd, env, ['switch', '--quiet', '--', branch], `switch to ${branch}`);
    const args = (await isAncestor(cwd, env, local, fetched)) ? ['merge', '--ff-only', '--quiet', fetched] : ['reset', '--keep', fetched];
    await gitOk(cwd, env, args, `update ${branch}`);
  }
  const how = local === undefined ? 'Created' : opts.force ? 'Reset' : 'Updated';
  ctx.term.success(`${how} ${branch} at the head of pull request #${number} (${pr.head?.label ?? headBranch}) and switched to it`);
}
