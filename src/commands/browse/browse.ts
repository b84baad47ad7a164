// kettle browse [NUMBER | PATH] [--branch BRANCH] [--settings] [--no-browser]
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import { openUrl } from '../../context/browser.js';
import type { Context } from '../../context/context.js';
import { isWebUrl } from '../../context/locate.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import { pathOf, repoPage } from '../web.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type BrowseOptions = OptionsOf<typeof definitions.browseVerb>;

/** A NUMBER: 12, #12 or an issue or pull-request URL; anything else is a path. */
const isNumber = (value: string) => /^#?\d+$/.test(value.trim()) || isWebUrl(value);

export async function run(ctx: Context, opts: BrowseOptions): Promise<void> {
  const { target: given, branch } = opts;
  if (opts.settings && (given !== undefined || branch !== undefined)) throw new UsageError('--settings opens the settings page alone: leave out the NUMBER, PATH and --branch');
  if (branch !== undefined && branch.trim() === '') throw new UsageError('--branch must not be empty');
  const number = given !== undefined && isNumber(given) ? parseNumberArg(given, 'issue or pull request number') : undefined;
  if (number !== undefined && branch !== undefined) throw new UsageError('--branch goes with a PATH, not an issue or pull request number');
  const { repo } = await target(ctx, { repo: opts.repo, numbers: number !== undefined ? given : undefined });
  const noBrowser = !opts.browser;
  if (opts.settings) return openUrl(ctx, repoPage(ctx, repo, '/settings'), { noBrowser });
  // Gitea sends /issues/N on to /pulls/N when N is a pull request.
  if (number !== undefined) return openUrl(ctx, repoPage(ctx, repo, pathOf('issues', String(number))), { noBrowser });
  if (given === undefined && branch === undefined) return openUrl(ctx, repoPage(ctx, repo), { noBrowser });
  const path = (given ?? '').replace(/^(\.\/)+/, '');
  const shown = branch ?? (await defaultBranch(ctx, repo));
  return openUrl(ctx, repoPage(ctx, repo, `/src/branch${pathOf(shown)}${pathOf(path)}`), { noBrowser });
}

async function defaultBranch(ctx: Context, repo: { owner: string; name: string }): Promise<string> {
  const api = await ctx.api();
  const record = await repos.get(api, repo).catch(failure({ action: `read ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
  if (!record.default_branch) throw new UsageError(`${fullName(repo)} names no default branch; pass --branch`);
  return record.default_branch;
}
