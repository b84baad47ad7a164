// Which pull request a pr verb is about. The repository is target()'s with
// parentOfFork: in a clone of a fork pull requests live in the parent, and the
// head is written OWNER:BRANCH, as gh does. Without a NUMBER, the pull request
// is the open one whose head is the current git branch.
import type { ApiClient } from '../../api/client.js';
import * as issues from '../../api/gitea/issues.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { PullRequest } from '../../api/gitea/types.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { currentBranch } from '../../context/git.js';
import type { RepoTarget } from '../../context/target.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';

/** Where the pull requests are, and the clone's repository when it is a fork of that one. */
export type Target = Pick<RepoTarget, 'repo' | 'fork'>;

/** A NUMBER argument: 12, #12 or the pull request's web URL. */
export function prNumber(value: string): number {
  return parseNumberArg(value, 'pull request number');
}

/** How the current branch is written as a head in the target: BRANCH, or OWNER:BRANCH from a fork. */
export function headOf(target: Target, branch: string): string {
  return target.fork ? `${target.fork.owner}:${branch}` : branch;
}

/** The open pull request whose head is `branch` (in the fork, when the clone is one), or undefined. */
export async function findByHead(api: ApiClient, target: Target, branch: string): Promise<PullRequest | undefined> {
  const owner = (target.fork ?? target.repo).owner.toLowerCase();
  for await (const page of pulls.list(api, target.repo, pageWindow({ all: true }), { state: 'open' })) {
    const found = page.find((pr) => pr.head?.ref === branch && (pr.head?.repo?.owner?.login ?? (target.fork ? '' : owner)).toLowerCase() === owner);
    if (found) return found;
  }
  return undefined;
}

/**
 * The pull request a verb acts on: NUMBER when given, else the one for the
 * current branch (usage error outside a branch; exit 1 when none is open).
 */
export async function resolvePull(ctx: Context, api: ApiClient, target: Target, number: string | undefined): Promise<{ number: number; pr?: PullRequest }> {
  if (number !== undefined) return { number: prNumber(number) };
  const branch = await currentBranch(ctx.io.cwd, ctx.env);
  if (branch === undefined) throw new UsageError('no pull request NUMBER given, and no current git branch to find one by');
  const pr = await findByHead(api, target, branch).catch(failure({ action: `list the pull requests of ${fullName(target.repo)}`, missing: `repository ${fullName(target.repo)}` }));
  if (!pr || typeof pr.number !== 'number') {
    throw new KettleError(`no open pull request for branch ${headOf(target, branch)} in ${fullName(target.repo)}; give its NUMBER`);
  }
  return { number: pr.number, pr };
}

/**
 * Read a pull request, worded after what failed. Issues and pull requests
 * share their numbers: a number that is an issue's says so, with the command
 * that shows it, rather than "not found".
 */
export function readPull(api: ApiClient, repo: RepoRef, number: number): Promise<PullRequest> {
  const what = `pull request #${number} in ${fullName(repo)}`;
  return pulls.get(api, repo, number).catch(async (err: unknown) => {
    if (err instanceof ApiError && err.status === 404) {
      const issue = await issues.get(api, repo, number).catch(() => undefined);
      if (issue && typeof issue === 'object' && !issue.pull_request) {
        throw err.withMessage(`#${number} in ${fullName(repo)} is an issue, not a pull request; see it with: kettle issue view ${number} -R ${fullName(repo)}`);
      }
      // The servers answer this 404 alike for a repository that cannot have pull requests (pulls.list says why).
      const why = await pulls.withoutPulls(api, repo);
      if (why === 'missing') throw err.withMessage(`repository ${fullName(repo)} not found`);
      if (why === 'off') throw pulls.turnedOff(repo);
      if (why !== undefined) throw err.withMessage(`${what} not found: ${fullName(repo)} is ${why === 'empty' ? 'empty' : 'a mirror'}, and has no pull requests`);
      // The repository is there (or could not be read): the pull request is what is missing.
      return failure({ action: `read ${what}`, missing: what })(err);
    }
    return failure({ action: `read ${what}`, missing: what, within: { api, repo } })(err);
  });
}
