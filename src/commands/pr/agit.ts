// kettle pr create --agit [--topic TOPIC]: a pull request without a fork, the
// way Gitea and Forgejo take it from git (AGit): push HEAD to
// refs/for/<base>/<topic> with the push options topic, title and description;
// the server opens the pull request (or moves the head of the one it opened
// for that topic before), and kettle then finds it through the API.
import { target } from '../../context/target.js';
import type { ApiClient } from '../../api/client.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import type { PullRequest } from '../../api/gitea/types.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { currentBranch, git, gitReason, remotes, revParse } from '../../context/git.js';
import { canPrompt } from '../../io.js';
import { choose } from '../../context/prompt.js';
import { fullName, parseRemoteUrl, type RepoRef } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readBody } from '../input.js';
import { webUrl } from '../records.js';
import { prViewColumns } from './columns.js';
import type { CreateOptions } from './create-options.js';
import { DRAFT_PREFIX } from './show.js';

/** git's rule for a ref name, roughly: what may follow refs/for/<base>/. */
const BAD_REF = /[\s~^:?*[\\\u0000-\u001f]|\.\.|^\/|\/$|\/\/|\.lock$|@\{|^-/;

/** The flags of pr create that an AGit push cannot carry. */
function refuseOthers(opts: CreateOptions): void {
  const others: Array<[boolean, string]> = [
    [opts.head !== undefined, '--head (the head is HEAD)'],
    [opts.web, '--web'],
    [opts.fill, '--fill (the server takes the title and body from the commit)'],
    [opts.label.length > 0, '--label'],
    [opts.assignee.length > 0, '--assignee'],
    [opts.reviewer.length > 0, '--reviewer'],
    [opts.milestone !== undefined, '--milestone'],
  ];
  const given = others.filter(([on]) => on).map(([, name]) => name);
  if (given.length > 0) throw new UsageError(`--agit does not take ${given.join(', ')}; set those with kettle pr edit afterwards`);
  if (opts.topic !== undefined && BAD_REF.test(opts.topic)) throw new UsageError(`invalid --topic "${opts.topic}": not a branch name`);
  if (opts.base !== undefined && BAD_REF.test(opts.base)) throw new UsageError(`invalid --base "${opts.base}": not a branch name`);
}

/** The git remote of `repo` in this clone: origin first, then upstream, then the others. */
async function remoteOf(ctx: Context, repo: RepoRef): Promise<string> {
  const all = await remotes(ctx.io.cwd, ctx.env);
  const same = all.filter((r) => {
    const parsed = parseRemoteUrl(r.url);
    return parsed !== undefined && parsed.owner.toLowerCase() === repo.owner.toLowerCase() && parsed.name.toLowerCase() === repo.name.toLowerCase();
  });
  const rank = (name: string) => (name === 'origin' ? 0 : name === 'upstream' ? 1 : 2);
  const best = same.sort((a, b) => rank(a.name) - rank(b.name))[0];
  if (!best) throw new UsageError(`no git remote of this clone is ${fullName(repo)}; --agit pushes to it: git remote add origin <clone URL>`);
  return best.name;
}

/** The open pull request whose head is `sha` into `base`, newest first. */
async function findBySha(api: ApiClient, repo: RepoRef, sha: string, base: string): Promise<PullRequest | undefined> {
  for await (const page of pulls.list(api, repo, pageWindow({ all: true }), { state: 'open', sort: 'recentupdate' })) {
    const found = page.find((pr) => pr.head?.sha === sha && pr.base?.ref === base);
    if (found) return found;
  }
  return undefined;
}

async function openNumbers(api: ApiClient, repo: RepoRef): Promise<Set<number>> {
  const numbers = new Set<number>();
  for await (const page of pulls.list(api, repo, pageWindow({ all: true }), { state: 'open' })) {
    for (const pr of page) if (typeof pr.number === 'number') numbers.add(pr.number);
  }
  return numbers;
}

/** A push option's value must be one line (git refuses a line break in one). */
const oneLine = (text: string) => !/[\r\n\0]/.test(text);

export async function createAgit(ctx: Context, opts: CreateOptions): Promise<void> {
  refuseOthers(opts);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const { cwd } = ctx.io;
  const topic = opts.topic ?? (await currentBranch(cwd, ctx.env));
  if (topic === undefined) throw new UsageError('--topic is required: HEAD is not on a branch to name the topic after');
  if (BAD_REF.test(topic)) throw new UsageError(`the current branch "${topic}" cannot be a topic; pass --topic`);
  const sha = await revParse(cwd, ctx.env, 'HEAD');
  if (sha === undefined) throw new UsageError('no commit to push: HEAD names no commit in this directory');
  const body = await readBody(ctx, opts);
  if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
  if (opts.title !== undefined && !oneLine(opts.title)) throw new UsageError('--title must be one line');
  const title = opts.title !== undefined && opts.draft && !DRAFT_PREFIX.test(opts.title) ? `WIP: ${opts.title}` : opts.title;
  if (opts.draft && title === undefined) throw new UsageError('--draft with --agit needs --title (the "WIP:" prefix goes on it)');
  const remote = await remoteOf(ctx, repo);
  const api = await at.api();
  const base = opts.base ?? (await repos.get(api, repo).catch(failure({ action: `read ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }))).default_branch;
  if (!base) throw new UsageError(`--base is required: ${fullName(repo)} names no default branch`);
  const before = await openNumbers(api, repo).catch(failure({ action: `list the pull requests of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));

  const options = ['-o', `topic=${topic}`];
  if (title !== undefined) options.push('-o', `title=${title}`);
  // A body of several lines cannot ride along: it is set through the API once the pull request is there.
  if (body !== undefined && body !== '' && oneLine(body)) options.push('-o', `description=${body}`);
  const refspec = `HEAD:refs/for/${base}/${topic}`;
  // A write to the server: under --dry-run shown, and the reads after it stop the command.
  const push = (force: boolean) => git(cwd, ctx.env, ['push', ...options, ...(force ? ['-o', 'force-push=true'] : []), remote, refspec], { dryRun: ctx.dryRun, on: { server: 'git push' } });
  ctx.term.info(`Pushing ${sha.slice(0, 7)} to ${remote} as refs/for/${base}/${topic}…`);
  let result = await push(opts.force);
  if (result.code !== 0 && !opts.force && /force-push/.test(result.stderr)) {
    if (!canPrompt(ctx.io)) {
      throw new UsageError(`the pull request of topic ${topic} has commits that HEAD does not; pass --force to replace them (a force push)`);
    }
    const go = await choose(ctx.io, '--force', `The pull request of topic ${topic} has commits HEAD does not have. Force-push and replace them?`, [
      { title: 'No, leave it', value: 'no' },
      { title: 'Yes, force-push', value: 'yes' },
    ]);
    if (go !== 'yes') throw new KettleError('not pushed: the pull request was left as it was', 1);
    result = await push(true);
  }
  // The servers refuse a push of the commit the pull request already has (services/agit/agit.go ProcRecive: "new
  // commit is same with old commit"; seen on real Gitea 1.23.8 and 1.27.0): nothing to push, which is no failure.
  const unchanged = result.code !== 0 && /new commit is same with old commit/.test(remoteReason(result.stderr) ?? '');
  if (result.code !== 0 && !unchanged) throw new KettleError(`git push to ${remote} failed: ${remoteReason(result.stderr) ?? gitReason(result)}`);

  const found = await findBySha(api, repo, sha, base).catch(failure({ action: `find the pull request the push made in ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
  if (!found || typeof found.number !== 'number') {
    throw new KettleError(`pushed to refs/for/${base}/${topic}, but ${fullName(repo)} shows no open pull request with head ${sha.slice(0, 7)}; does the server take AGit pushes?`);
  }
  let pr = found;
  const number = found.number;
  const updated = before.has(number);
  // The push options are read only when the push opens the pull request: on a later push the servers keep the
  // title and description as they were (seen on real Gitea 1.23.8 and 1.27.0), so kettle sets what was asked
  // through the API; a body of several lines never rides along.
  const edit: { title?: string; body?: string } = {};
  if (updated && title !== undefined && title !== found.title) edit.title = title;
  if (body !== undefined && body !== '' && (updated || !oneLine(body)) && body !== found.body) edit.body = body;
  if (edit.title !== undefined || edit.body !== undefined) {
    pr = await pulls.edit(api, repo, number, edit).catch((err: unknown) => {
      ctx.term.warn(`pushed, but cannot set the ${edit.title !== undefined ? 'title' : 'body'} of #${number}: ${(err as Error).message}`);
      return found;
    });
  }
  const set = [edit.title !== undefined ? 'title' : '', edit.body !== undefined && updated ? 'description' : ''].filter(Boolean).join(' and ');
  if (unchanged) {
    const what = `pull request #${number} in ${fullName(repo)} (topic ${topic}) already has ${sha.slice(0, 7)}`;
    if (set) ctx.term.success(`Set the ${set} of #${number}: ${what}, so nothing was pushed${webUrl(pr)}`);
    else ctx.term.info(`kettle: ${what}; nothing was pushed or changed${webUrl(pr)}`);
  } else ctx.term.success(`${updated ? 'Updated' : 'Created'} pull request #${number} in ${fullName(repo)} (topic ${topic})${updated && set ? `; its ${set} set` : ''}${webUrl(pr)}`);
  if (ctx.output.kind !== 'view') await printRecord(ctx.io, ctx.output, pr, prViewColumns);
}

/** The server's reason for refusing a ref: git's "! [remote rejected] … (reason)". */
function remoteReason(stderr: string): string | undefined {
  const m = /\[remote rejected\][^(]*\((.*)\)\s*$/m.exec(stderr);
  return m?.[1];
}
