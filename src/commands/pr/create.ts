// kettle pr create --title TEXT --head BRANCH --base BRANCH [--body TEXT | --body-file FILE|-]
import { expectRecord } from '../../api/response.js';
import { p } from '../../api/url.js';
import type { Opts } from '../../cli.js';
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { ApiError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { notFoundAs, readBody, webUrl } from '../common.js';
import { prViewColumns } from '../issue/columns.js';
import { titleOf } from '../issue/create.js';

/** A branch name as git allows it (roughly): no spaces, no "..", no control characters. */
function checkBranch(value: string, flag: string): string {
  if (value.trim() === '' || /[\s~^:?*[\\\u0000-\u001f]|\.\.|^\/|\/$|\.lock$|@\{/.test(value)) {
    throw new UsageError(`invalid ${flag} "${value}": not a branch name`);
  }
  return value;
}

async function branchOf(ctx: Context, opts: Opts, key: 'head' | 'base', message: string): Promise<string> {
  const value = typeof opts[key] === 'string' ? (opts[key] as string) : await ask(ctx.io, `--${key}`, { message });
  return checkBranch(value, `--${key}`);
}

export async function run(ctx: Context, _args: string[], opts: Opts): Promise<void> {
  for (const key of ['head', 'base'] as const) if (typeof opts[key] === 'string') checkBranch(opts[key] as string, `--${key}`);
  const repo = await ctx.repo(opts.repo);
  const body = await readBody(ctx, opts);
  const title = await titleOf(ctx, opts);
  const head = await branchOf(ctx, opts, 'head', 'Branch with the changes (head)');
  const base = await branchOf(ctx, opts, 'base', 'Branch to merge into (base)');
  if (head === base) throw new UsageError(`--head and --base are both ${head}`);
  const payload: Record<string, unknown> = { title, head, base };
  if (body !== undefined) payload.body = body;
  const api = await ctx.api();
  const path = p`/repos/${repo.owner}/${repo.name}/pulls`;
  const res = await api.request('POST', path, { body: payload }).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 409) {
      throw err.withMessage(`a pull request from ${head} into ${base} is already open in ${fullName(repo)}`);
    }
    throw notFoundAs(err, `repository ${fullName(repo)}`);
  });
  const pr = expectRecord(res.data, 'POST', path, res.status);
  ctx.success(`Created pull request #${String(pr.number)} in ${fullName(repo)}${webUrl(pr)}`);
  await printRecord(ctx.io, ctx.flags, pr, prViewColumns);
}
