// kettle pr create --title TEXT --head BRANCH --base BRANCH [--body TEXT | --body-file FILE|-]
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import * as users from '../../api/gitea/users.js';
import type { CreatePullRequestOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { ApiError, KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import type { ApiClient } from '../../api/client.js';
import { pageWindow } from '../../api/paginate.js';
import { commitsBetween, currentBranch, revParse } from '../../context/git.js';
import { failure, reword, unlessRefused } from '../failure.js';
import { labelIds, milestoneId } from './names.js';
import { DRAFT_PREFIX } from './show.js';
import { headOf, type Target } from './shared.js';
import { askBody, readBody, titleOf } from '../input.js';
import * as templates from '../../api/gitea/templates.js';
import type { RepoRef } from '../../api/repo.js';
import type { ServerInfo } from '../../context/server.js';
import { canPrompt } from '../../io.js';
import { webUrl } from '../records.js';
import { notTaken, sameIds, sameLogins } from '../taken.js';
import { prViewColumns } from './columns.js';
import { openUrl, pathOf, repoPage } from '../web.js';
import type { CreateOptions } from './create-options.js';

export type { CreateOptions } from './create-options.js';

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

/** --fill: one commit gives its subject and body; several give the branch name and their subjects. */
async function fillFrom(ctx: Context, base: string, head: string): Promise<{ title: string; body: string } | undefined> {
  const { cwd } = ctx.io;
  const branch = head.includes(':') ? head.slice(head.indexOf(':') + 1) : head;
  let baseRef: string | undefined;
  for (const candidate of [`origin/${base}`, `upstream/${base}`, base]) {
    if (await revParse(cwd, ctx.env, candidate)) {
      baseRef = candidate;
      break;
    }
  }
  const headRef = (await revParse(cwd, ctx.env, branch)) ? branch : 'HEAD';
  if (baseRef === undefined) return undefined;
  const commits = await commitsBetween(cwd, ctx.env, baseRef, headRef);
  if (commits.length === 0) return undefined;
  if (commits.length === 1) return { title: commits[0]?.subject ?? branch, body: commits[0]?.body ?? '' };
  const title = branch.replace(/^.*\//, '').replace(/[-_]+/g, ' ');
  return { title: title.charAt(0).toUpperCase() + title.slice(1), body: commits.map((c) => `- ${c.subject}`).join('\n') };
}

/**
 * The pull-request template at BASE: the one NAME names (its file name, with or without the
 * extension, any case), or the one there is; a usage error when NAME names none.
 */
async function pullTemplateOf(api: ApiClient, at: { repo: RepoRef; server(): Promise<ServerInfo> }, base: string, name: string | undefined): Promise<{ name: string; text: string } | undefined> {
  const server = await at.server();
  const found = await templates.pullTemplate(api, at.repo, base, server.flavour === 'forgejo').catch(failure({ action: `read the pull-request template of ${fullName(at.repo)}` }));
  if (name === undefined) return found && /\.md$/i.test(found.path) ? { name: found.path, text: found.text } : undefined;
  if (!found) throw new UsageError(`${fullName(at.repo)} has no pull-request template on ${base}`);
  const file = found.path.split('/').pop() ?? found.path;
  const wanted = name.trim().toLowerCase();
  if (![found.path, file, file.replace(/\.(md|ya?ml)$/i, '')].some((n) => n.toLowerCase() === wanted))
    throw new UsageError(`no template named "${name}" in ${fullName(at.repo)}; its pull-request template: ${file}`);
  if (!/\.md$/i.test(found.path)) throw new UsageError(`${found.path} is a form: kettle fills pull-request templates written in markdown; use --body or the web page (--web)`);
  return { name: found.path, text: found.text };
}

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  if (opts.agit) return (await import('./agit.js')).createAgit(ctx, opts);
  if (opts.topic !== undefined || opts.force) throw new UsageError(`${opts.topic !== undefined ? '--topic' : '--force'} goes with --agit`);
  for (const key of ['head', 'base'] as const) {
    const given = opts[key];
    if (given !== undefined) checkBranch(given, `--${key}`);
  }
  if (opts.template !== undefined && (opts.body !== undefined || opts.bodyFile !== undefined || opts.fill))
    throw new UsageError(`--template makes the body: leave out ${opts.fill ? '--fill' : '--body'}`);
  if (opts.fill && opts.title !== undefined && (opts.body !== undefined || opts.bodyFile !== undefined)) {
    throw new UsageError('--fill has nothing to fill: --title and the body are both given');
  }
  const at = await target(ctx, { repo: opts.repo, parentOfFork: true });
  const api = await at.api();
  const { repo } = at;
  const given = await readBody(ctx, opts);
  if (opts.web) return openCompare(ctx, api, at, opts, given);
  // Names first: an unknown label or milestone stops the command before anything is written.
  const labels = await labelIds(api, repo, opts.label);
  const milestone = opts.milestone !== undefined ? await milestoneId(api, repo, opts.milestone) : undefined;
  const branch = opts.head === undefined ? await currentBranch(ctx.io.cwd, ctx.env) : undefined;
  const head = opts.head ?? (branch !== undefined ? headOf(at, branch) : await branchOf(ctx, opts, 'head', 'Branch with the changes (head)'));
  let base = opts.base;
  if (base === undefined) {
    const record = await repos.get(api, repo).catch(failure({ action: `read ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
    base = record.default_branch || (await branchOf(ctx, opts, 'base', 'Branch to merge into (base)', head));
  }
  if (head === base) throw new UsageError(`--head and --base are both ${head}`);
  // A head taken from the current branch must be on the server: say how to push it, and send nothing.
  const headRepo = head.includes(':') ? { owner: head.slice(0, head.indexOf(':')), name: (at.fork ?? repo).name } : repo;
  const headBranch = head.includes(':') ? head.slice(head.indexOf(':') + 1) : head;
  if (opts.head === undefined && branch !== undefined && !(await repos.branchExists(api, headRepo, headBranch).catch(() => true))) {
    throw new KettleError(`branch ${headBranch} is not on the server in ${fullName(headRepo)}; push it first: git push -u origin ${headBranch}`);
  }
  const filled = opts.fill ? await fillFrom(ctx, base, head) : undefined;
  if (opts.fill && filled === undefined) ctx.term.warn(`--fill: no commits found between ${base} and ${head} in this clone`);
  const asked = opts.title === undefined && filled === undefined;
  let title = opts.title !== undefined ? await titleOf(ctx, opts.title) : (filled?.title ?? (await titleOf(ctx, undefined)));
  if (opts.draft && !DRAFT_PREFIX.test(title)) title = `WIP: ${title}`;
  // The base branch's template (as the compare page reads it): named with --template, or offered when asking.
  const template = opts.template !== undefined || (asked && given === undefined && canPrompt(ctx.io)) ? await pullTemplateOf(api, at, base, opts.template) : undefined;
  const body = given ?? filled?.body ?? (opts.template !== undefined ? template?.text : asked ? await askBody(ctx, 'PULL_REQUEST_BODY.md', template) : undefined);
  const payload: CreatePullRequestOption = { title, head, base };
  if (body !== undefined && body !== '') payload.body = body;
  if (labels.length > 0) payload.labels = labels;
  if (milestone !== undefined) payload.milestone = milestone;
  if (opts.assignee.length > 0) payload.assignees = opts.assignee;
  // The server refuses the author as a reviewer: known before anything is written.
  if (opts.reviewer.length > 0) {
    const me = (await unlessRefused(users.me(api), undefined))?.login;
    const own = me === undefined ? undefined : opts.reviewer.find((r) => r.toLowerCase() === me.toLowerCase());
    if (own !== undefined) throw new KettleError(`--reviewer ${own}: the author of a pull request cannot review it; nothing was sent`);
  }
  const pr = await pulls.create(api, repo, payload).catch(async (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) {
      const existing = await findOpen(api, at, head, base as string).catch(() => undefined);
      throw err.withMessage(`a pull request from ${head} into ${base} is already open in ${fullName(repo)}${existing ? `: #${existing}` : ''}`);
    }
    // Real servers answer 404 both for a missing repository and for a missing
    // branch: ask which one it is rather than blame the repository.
    if (err instanceof ApiError && err.status === 404 && (await repos.exists(api, repo))) {
      throw err.withMessage(`branch ${head} or ${base} not found in ${fullName(repo)}${err.serverMessage ? ` (${err.serverMessage})` : ''}`);
    }
    throw reword(err, { action: `create a pull request in ${fullName(repo)}`, missing: `repository ${fullName(repo)}` });
  });
  ctx.term.success(`Created pull request #${String(pr.number)} in ${fullName(repo)}${webUrl(pr)}`);
  // Forgejo's create takes no reviewers: requested right after, on every server alike.
  let shown = pr;
  let refused: KettleError | undefined;
  if (opts.reviewer.length > 0 && typeof pr.number === 'number') {
    const number = pr.number;
    const requested = await pulls.requestReviewers(api, repo, number, { reviewers: opts.reviewer }).then(
      () => true,
      (err: unknown) => {
        refused = new KettleError(`created pull request #${number} in ${fullName(repo)}, but cannot request reviews from ${opts.reviewer.join(', ')}: ${(err as Error).message}`);
        return false;
      },
    );
    if (requested) shown = (await pulls.get(api, repo, number).catch(() => undefined)) ?? pr;
  }
  await printRecord(ctx.io, ctx.output, shown, prViewColumns);
  if (refused) throw refused;
  // What the answer holds against what was asked (the server drops label ids it does not know).
  const missed: string[] = [];
  if (
    payload.labels !== undefined &&
    !sameIds(
      (pr.labels ?? []).map((l) => l.id ?? 0),
      payload.labels,
    )
  )
    missed.push('labels');
  if (
    payload.assignees !== undefined &&
    !sameLogins(
      (pr.assignees ?? []).map((u) => u.login ?? ''),
      payload.assignees,
    )
  )
    missed.push('assignees');
  if (payload.milestone !== undefined && pr.milestone?.id !== payload.milestone) missed.push('milestone');
  const failed = notTaken(`pull request #${String(pr.number)} in ${fullName(repo)}`, missed);
  if (failed) throw failed;
}

/** The number of the open pull request from `head` into `base`, if any. */
async function findOpen(api: ApiClient, at: Target, head: string, base: string): Promise<number | undefined> {
  const branch = head.includes(':') ? head.slice(head.indexOf(':') + 1) : head;
  for await (const page of pulls.list(api, at.repo, pageWindow({ all: true }), { state: 'open' })) {
    const found = page.find((pr) => pr.head?.ref === branch && pr.base?.ref === base);
    if (found) return found.number;
  }
  return undefined;
}

/**
 * --web: the server's compare page of base and head, where the pull request
 * is finished in the browser; the title and body ride along as query values
 * (Gitea 1.24 fills them in; older servers ignore them and `expand` opens the form).
 */
async function openCompare(ctx: Context, api: ApiClient, at: Target, opts: CreateOptions, body: string | undefined): Promise<void> {
  const { repo } = at;
  if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
  const branch = opts.head === undefined ? await currentBranch(ctx.io.cwd, ctx.env) : undefined;
  const head = opts.head ?? (branch !== undefined ? headOf(at, branch) : undefined);
  if (head === undefined) throw new UsageError('--head is required: no current git branch to open the compare page for');
  const base = opts.base ?? (await repos.get(api, repo).catch(failure({ action: `read ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }))).default_branch;
  if (!base) throw new UsageError(`--base is required: ${fullName(repo)} names no default branch`);
  if (head === base) throw new UsageError(`--head and --base are both ${head}`);
  const title = opts.title === undefined ? undefined : opts.draft && !DRAFT_PREFIX.test(opts.title) ? `WIP: ${opts.title}` : opts.title;
  await openUrl(ctx, repoPage(ctx, repo, `/compare${pathOf(`${base}...${head}`)}`, { expand: '1', title, body }));
}
