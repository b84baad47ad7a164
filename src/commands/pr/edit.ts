// kettle pr edit NUMBER [--title] [--body …] [--base] [--add-label]…
//   [--remove-label]… [--add-assignee]… [--remove-assignee]… [--add-reviewer]…
//   [--milestone NAME|NUMBER | --remove-milestone]
// Reads the pull request, works out the change, and sends nothing when
// nothing would change. The milestone is removed through the issue edit of the
// same number; what the server answered success to but left out is named (exit 1).
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { EditPullRequestOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { readBody } from '../input.js';
import { webUrl } from '../records.js';
import { afterSteps, notTaken, sameIds, sameLogins, spoken } from '../taken.js';
import { prViewColumns } from './columns.js';
import { labelIds, milestoneId } from './names.js';
import { prNumber, readPull } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/edit.js';

export type EditOptions = OptionsOf<typeof definition.edit>;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const number = prNumber(opts.number);
  if (opts.milestone !== undefined && opts.removeMilestone) throw new UsageError('use either --milestone or --remove-milestone, not both');
  if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
  const body = await readBody(ctx, opts);
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const { repo } = at;
  const api = await at.api();
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
  // The pull-request edit ignores milestone 0 (a plain number there); the
  // issue edit of the same number takes 0 as "none".
  const unsetMilestone = opts.removeMilestone && current !== undefined && current !== 0;
  const requested = (pr.requested_reviewers ?? []).map((u) => u.login ?? '');
  const reviewers = opts.addReviewer.filter((r) => !requested.some((q) => same(q, r)));
  // The server refuses a review request from the pull request's author: known
  // now, so said before anything is written.
  const author = pr.user?.login;
  const own = author === undefined ? undefined : reviewers.find((r) => same(r, author));
  if (own !== undefined) throw new KettleError(`cannot request a review of ${what} from ${own}: ${own} opened it; nothing was changed`);
  if (Object.keys(change).length === 0 && !unsetMilestone && reviewers.length === 0) {
    ctx.term.info(`${what} already is as asked; nothing was sent`);
    await printRecord(ctx.io, ctx.output, pr, prViewColumns);
    return;
  }
  // Each step names what it changes, so a later failure can say what was already done.
  const done: string[] = [];
  const names: Record<string, string> = { title: 'title', body: 'body', base: 'base branch', labels: 'labels', assignees: 'assignees', milestone: 'milestone' };
  let edited = pr;
  if (Object.keys(change).length > 0) {
    edited = await pulls.edit(api, repo, number, change).catch(failure({ action: `edit ${what}`, missing: what }));
    done.push(...Object.keys(change).map((k) => names[k] ?? k));
  }
  if (unsetMilestone) {
    await issues
      .edit(api, repo, number, { milestone: 0 })
      .catch(failure({ action: `remove the milestone of ${what}`, missing: what }))
      .catch((err: unknown) => {
        throw afterSteps(err, done);
      });
    done.push('milestone');
  }
  if (reviewers.length > 0) {
    await pulls
      .requestReviewers(api, repo, number, { reviewers })
      .catch(failure({ action: `request reviews on ${what}`, missing: what }))
      .catch((err: unknown) => {
        throw afterSteps(err, done);
      });
    done.push('reviewers');
  }
  if (unsetMilestone || reviewers.length > 0) edited = await readPull(api, repo, number);
  // What the answer holds against what was asked: the server answers success
  // while skipping labels, assignees and milestone from a user without write access.
  const missed: string[] = [];
  // The base of a merged pull request stays as it is (EditPullRequest: !pr.HasMerged).
  if (change.base !== undefined && edited.base?.ref !== change.base) missed.push('base branch');
  const has = (edited.labels ?? []).map((l) => l.id).filter((id): id is number => typeof id === 'number');
  if (change.labels !== undefined && !sameIds(has, change.labels)) missed.push('labels');
  if (
    change.assignees !== undefined &&
    !sameLogins(
      (edited.assignees ?? []).map((u) => u.login ?? ''),
      change.assignees,
    )
  )
    missed.push('assignees');
  if ((change.milestone !== undefined && edited.milestone?.id !== change.milestone) || (unsetMilestone && edited.milestone?.id)) missed.push('milestone');
  const nowRequested = (edited.requested_reviewers ?? []).map((u) => u.login ?? '');
  if (reviewers.some((r) => !nowRequested.some((q) => same(q, r)))) missed.push('reviewers');
  const took = done.filter((d) => !missed.includes(d));
  if (took.length > 0) ctx.term.success(`Edited ${what}${missed.length > 0 ? `: ${spoken(took)}` : ''}${webUrl(edited)}`);
  await printRecord(ctx.io, ctx.output, edited, prViewColumns);
  const failed = notTaken(what, missed);
  if (failed) throw failed;
}
