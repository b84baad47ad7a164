// kettle pr create --title TEXT --head BRANCH --base BRANCH [--body TEXT | --body-file FILE|-]
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import type { CreatePullRequestOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { ApiError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { reword } from '../failure.js';
import { askBody, readBody, titleOf } from '../input.js';
import { webUrl } from '../records.js';
import { prViewColumns } from './columns.js';
import type { CreateOptions } from './defs/create.js';

/** Why a value is not a branch name as git allows it (roughly): spaces, "..", control characters. */
function branchProblem(value: string, flag: string): string | undefined {
  // A head in another user's fork is written OWNER:BRANCH.
  const fork = /^([A-Za-z0-9_.-]+):(.*)$/.exec(value);
  const branch = fork && flag === '--head' ? (fork[2] ?? '') : value;
  if (branch.trim() === '' || /[\s~^:?*[\\\u0000-\u001f]|\.\.|^\/|\/$|\.lock$|@\{/.test(branch)) return 'not a branch name';
  return undefined;
}

function checkBranch(value: string, flag: string): string {
  const problem = branchProblem(value, flag);
  if (problem) throw new UsageError(`invalid ${flag} "${value}": ${problem}`);
  return value;
}

/** --head or --base, or asked for on a terminal until it is a branch name other than `other`. */
async function branchOf(ctx: Context, opts: CreateOptions, key: 'head' | 'base', message: string, other?: string): Promise<string> {
  const given = opts[key];
  if (given !== undefined) return checkBranch(given, `--${key}`);
  return ask(ctx.io, `--${key}`, {
    message,
    check: (v) => (branchProblem(v, `--${key}`) ? `"${v}" is not a branch name` : v === other ? `${v} is the head branch too` : undefined),
  });
}

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  for (const key of ['head', 'base'] as const) {
    const given = opts[key];
    if (given !== undefined) checkBranch(given, `--${key}`);
  }
  const repo = await ctx.repo(opts.repo);
  const given = await readBody(ctx, opts);
  const asked = opts.title === undefined;
  const title = await titleOf(ctx, opts.title);
  const head = await branchOf(ctx, opts, 'head', 'Branch with the changes (head)');
  const base = await branchOf(ctx, opts, 'base', 'Branch to merge into (base)', head);
  if (head === base) throw new UsageError(`--head and --base are both ${head}`);
  const body = given ?? (asked ? await askBody(ctx, 'PULL_REQUEST_BODY.md') : undefined);
  const payload: CreatePullRequestOption = { title, head, base };
  if (body !== undefined) payload.body = body;
  const api = await ctx.api();
  const pr = await pulls.create(api, repo, payload).catch(async (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) {
      throw err.withMessage(`a pull request from ${head} into ${base} is already open in ${fullName(repo)}`);
    }
    // Real servers answer 404 both for a missing repository and for a missing
    // branch: ask which one it is rather than blame the repository.
    if (err instanceof ApiError && err.status === 404 && (await repos.exists(api, repo))) {
      throw err.withMessage(`branch ${head} or ${base} not found in ${fullName(repo)}${err.serverMessage ? ` (${err.serverMessage})` : ''}`);
    }
    throw reword(err, { action: `create a pull request in ${fullName(repo)}`, missing: `repository ${fullName(repo)}` });
  });
  ctx.success(`Created pull request #${String(pr.number)} in ${fullName(repo)}${webUrl(pr)}`);
  await printRecord(ctx.io, ctx.flags, pr, prViewColumns);
}
