// kettle pr edit NUMBER [--title] [--body …] [--base] [--add-label]…
//   [--remove-label]… [--add-assignee]… [--remove-assignee]… [--add-reviewer]…
//   [--milestone NAME|NUMBER | --remove-milestone]
// Reads the pull request, works out the change, and sends nothing when
// nothing would change.
import * as pulls from '../../api/gitea/pulls.js';
import type { EditPullRequestOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readBody } from '../input.js';
import { webUrl } from '../records.js';
import { prViewColumns } from './columns.js';
import type { EditOptions } from './defs/edit.js';
import { labelIds, milestoneId } from './names.js';
import { prNumber, prTarget, readPull } from './target.js';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const number = prNumber(opts.number);
  if (opts.milestone !== undefined && opts.removeMilestone) throw new UsageError('use either --milestone or --remove-milestone, not both');
  if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
  const body = await readBody(ctx, opts);
  const { repo } = await prTarget(ctx, opts.repo, opts.number);
  const api = await ctx.api();
  const what = `pull request #${number} in ${fullName(repo)}`;
  // Names first: an unknown one stops the command before anything is written.
  const [addLabels, removeLabels] = await Promise.all([labelIds(api, repo, opts.addLabel, '--add-label'), labelIds(api, repo, opts.removeLabel, '--remove-label')]);
  const milestone = opts.milestone !== undefined ? await milestoneId(api, repo, opts.milestone) : undefined;
  const pr = await readPull(api, repo, number);
  const change: EditPullRequestOption = {};
  if (opts.title !== undefined && opts.title !== pr.title) change.title = opts.title;
  if (body !== undefined && body !== (pr.body ?? '')) change.body = body;
  if (opts.base !== undefined && opts.base !== pr.base?.ref) change.base = opts.base;
  const labels = (pr.labels ?? []).map((l) => l.id).filter((id): id is number => typeof id === 'number');
  const nextLabels = [...new Set([...labels.filter((id) => !removeLabels.includes(id)), ...addLabels])];
  if (nextLabels.length !== labels.length || nextLabels.some((id) => !labels.includes(id))) change.labels = nextLabels;
  const assignees = (pr.assignees ?? []).map((u) => u.login ?? '').filter(Boolean);
  const kept = assignees.filter((a) => !opts.removeAssignee.some((r) => same(r, a)));
  const nextAssignees = [...kept, ...opts.addAssignee.filter((a) => !kept.some((k) => same(k, a)))];
  if (nextAssignees.length !== assignees.length || nextAssignees.some((a) => !assignees.some((b) => same(a, b)))) change.assignees = nextAssignees;
  const current = pr.milestone?.id;
  if (milestone !== undefined && milestone !== current) change.milestone = milestone;
  // Gitea takes milestone 0 as "none".
  if (opts.removeMilestone && current) change.milestone = 0;
  const requested = (pr.requested_reviewers ?? []).map((u) => u.login ?? '');
  const reviewers = opts.addReviewer.filter((r) => !requested.some((q) => same(q, r)));
  if (Object.keys(change).length === 0 && reviewers.length === 0) {
    ctx.info(`${what} already is as asked; nothing was sent`);
    await printRecord(ctx.io, ctx.flags, pr, prViewColumns);
    return;
  }
  let edited = pr;
  if (Object.keys(change).length > 0) edited = await pulls.edit(api, repo, number, change).catch(failure({ action: `edit ${what}`, missing: what }));
  if (reviewers.length > 0) {
    await pulls.requestReviewers(api, repo, number, { reviewers }).catch(failure({ action: `request reviews on ${what}`, missing: what }));
    edited = await readPull(api, repo, number);
  }
  ctx.success(`Edited ${what}${webUrl(edited)}`);
  await printRecord(ctx.io, ctx.flags, edited, prViewColumns);
}
