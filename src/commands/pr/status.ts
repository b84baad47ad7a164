// kettle pr status: the pull requests you opened, those waiting for your
// review, and the current branch's, each with its check state.
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import * as users from '../../api/gitea/users.js';
import type { PullRequest } from '../../api/gitea/types.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { currentBranch } from '../../context/git.js';
import { fullName } from '../../context/repo.js';
import { visibleControls } from '../../text/controls.js';
import { plainText } from '../../output/cells.js';
import { printJson, printText } from '../../output/printer.js';
import { failure } from '../failure.js';
import { checkState } from '../commit-status.js';
import { stateOf } from './show.js';
import { findByHead, headOf } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/status.js';

export type StatusOptions = OptionsOf<typeof definition.status>;

type WithChecks = PullRequest & { checks?: string };

export async function run(ctx: Context, opts: StatusOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo, parentOfFork: true });
  const api = await at.api();
  const { repo } = at;
  const attempt = { action: `list the pull requests of ${fullName(repo)}`, missing: `repository ${fullName(repo)}` };
  const me = (await users.me(api)).login ?? '';
  const open = await (async () => {
    const out: PullRequest[] = [];
    for await (const page of pulls.list(api, repo, pageWindow({ all: true }), { state: 'open' })) out.push(...page);
    return out;
  })().catch(failure(attempt));
  const mine = (u: { login?: string } | null | undefined) => (u?.login ?? '').toLowerCase() === me.toLowerCase();
  const created = open.filter((pr) => mine(pr.user));
  // The list filters nothing by requested reviewer on the server: filtered here.
  const requested = open.filter((pr) => (pr.requested_reviewers ?? []).some(mine));
  const branch = opts.repo === undefined ? await currentBranch(ctx.io.cwd, ctx.env) : undefined;
  const current = branch !== undefined ? await findByHead(api, at, branch) : undefined;
  const checks = new Map<string, string>();
  const withChecks = async (pr: PullRequest): Promise<WithChecks> => {
    const sha = pr.head?.sha;
    if (!sha) return { ...pr, checks: 'none' };
    if (!checks.has(sha)) checks.set(sha, checkState(await repos.combinedStatus(api, repo, sha).catch(() => undefined)));
    return { ...pr, checks: checks.get(sha) as string };
  };
  const sections = {
    created: await Promise.all(created.map(withChecks)),
    review_requested: await Promise.all(requested.map(withChecks)),
    current_branch: current ? [await withChecks(current)] : [],
  };
  if (ctx.output.kind !== 'view') {
    printJson(ctx.io, ctx.output, sections);
    return;
  }
  const line = (pr: WithChecks) => `#${String(pr.number)}  ${pr.title ?? ''}  [${pr.head?.ref ?? ''}]  ${stateOf(pr)}  checks: ${pr.checks}`;
  if (!ctx.io.stdoutIsTTY) {
    const out: string[] = [];
    for (const [name, list] of Object.entries(sections))
      for (const pr of list) out.push(`${name}\t${pr.number}\t${plainText(pr.title)}\t${plainText(pr.head?.ref)}\t${stateOf(pr)}\t${plainText(pr.checks)}\n`);
    printText(ctx.io, out.join(''));
    return;
  }
  const part = (title: string, list: WithChecks[], empty: string) => [title, ...(list.length ? list.map((pr) => `  ${visibleControls(line(pr))}`) : [`  ${empty}`]), ''];
  printText(
    ctx.io,
    [
      `Relevant pull requests in ${fullName(repo)}`,
      '',
      ...part('Current branch', sections.current_branch, branch ? `There is no open pull request for ${headOf(at, branch)}` : 'Not on a git branch'),
      ...part('Created by you', sections.created, 'You have no open pull requests'),
      ...part('Requesting a review from you', sections.review_requested, 'No pull requests are waiting for your review'),
    ].join('\n'),
  );
}
