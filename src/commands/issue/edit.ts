// kettle issue edit NUMBER... [--title …] [--body …] [--add-label NAME]... [--remove-label NAME]...
//   [--add-assignee USER]... [--remove-assignee USER]... [--milestone NAME | --remove-milestone] [--due DATE | --remove-due]
// Labels go through the issue-labels endpoints (added or removed one by one,
// so a label someone else put on meanwhile stays); assignees are computed from
// the current ones; the rest is one PATCH. What would change nothing is not sent.
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import type { EditIssueOption, Issue } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { endOfDay, parseDate } from '../dates.js';
import { failure } from '../failure.js';
import { readBody } from '../input.js';
import { forEachNumber, parseNumbers } from '../many.js';
import { LabelNames, resolveMilestone, UserNames } from '../names.js';
import { assigneeLogins, webUrl } from '../records.js';
import { afterSteps, notTaken, sameLogins } from '../taken.js';
import { issueColumns, issueViewColumns } from '../issue-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/edit.js';

export type EditOptions = OptionsOf<typeof definition.edit>;

function sameMoment(a: string | null | undefined, b: string): boolean {
  return typeof a === 'string' && Date.parse(a) === Date.parse(b);
}

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  const numbers = parseNumbers(opts.numbers);
  if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
  if (opts.milestone !== undefined && opts.removeMilestone) throw new UsageError('use either --milestone or --remove-milestone, not both');
  if (opts.due !== undefined && opts.removeDue) throw new UsageError('use either --due or --remove-due, not both');
  // The server stores 23:59:59 of the day a due date names, whatever its time: send that, and compare with that.
  const due = opts.due === undefined ? undefined : endOfDay(parseDate(opts.due, '--due', 'end'));
  const asked =
    opts.title !== undefined ||
    opts.body !== undefined ||
    opts.bodyFile !== undefined ||
    [opts.addLabel, opts.removeLabel, opts.addAssignee, opts.removeAssignee].some((l) => l.length > 0) ||
    opts.milestone !== undefined ||
    opts.removeMilestone ||
    due !== undefined ||
    opts.removeDue;
  if (!asked) {
    throw new UsageError('nothing to change: pass --title, --body, --add-label, --remove-label, --add-assignee, --remove-assignee, --milestone or --due');
  }
  const at = await target(ctx, { repo: opts.repo, numbers: opts.numbers });
  const { repo } = at;
  const where = fullName(repo);
  const body = await readBody(ctx, opts);
  const api = await at.api();
  // Every name is looked up once, before anything is written.
  const names = new LabelNames(api, repo);
  const add = await names.resolve(opts.addLabel, '--add-label');
  const remove = await names.resolve(opts.removeLabel, '--remove-label');
  const both = add.find((l) => remove.some((r) => r.id === l.id));
  if (both) throw new UsageError(`label "${both.name}" is both added and removed`);
  const people = new UserNames(api);
  const addPeople = await people.resolveAll(opts.addAssignee);
  const removePeople = await people.resolveAll(opts.removeAssignee);
  const twice = addPeople.find((u) => removePeople.includes(u));
  if (twice) throw new UsageError(`${twice} is both added and removed as an assignee`);
  const milestone = opts.milestone === undefined ? undefined : await resolveMilestone(api, repo, opts.milestone);

  await forEachNumber(
    ctx,
    api,
    numbers,
    async (number) => {
      const what = `issue #${number} in ${where}`;
      const fail = failure({ action: `edit ${what}`, missing: what, within: { api, repo } });
      const current: Issue = await issues.get(api, repo, number).catch(fail);
      const changes: EditIssueOption = {};
      if (opts.title !== undefined && opts.title !== current.title) changes.title = opts.title;
      if (body !== undefined && body !== (current.body ?? '')) changes.body = body;
      if (addPeople.length > 0 || removePeople.length > 0) {
        const now = assigneeLogins(current as Record<string, unknown>);
        const next = [...now.filter((u) => !removePeople.some((r) => r.toLowerCase() === u.toLowerCase()))];
        for (const u of addPeople) if (!next.some((x) => x.toLowerCase() === u.toLowerCase())) next.push(u);
        if (next.length !== now.length || next.some((u, i) => u !== now[i])) changes.assignees = next;
      }
      const currentMilestone = current.milestone?.id;
      if (milestone !== undefined && currentMilestone !== milestone.id) changes.milestone = milestone.id;
      // Gitea and Forgejo take milestone 0 as "none".
      if (opts.removeMilestone && currentMilestone !== undefined && currentMilestone !== 0) changes.milestone = 0;
      if (due !== undefined && !sameMoment(current.due_date, due)) changes.due_date = due;
      if (opts.removeDue && current.due_date) changes.unset_due_date = true;
      const has = new Set((current.labels ?? []).map((l) => l.id));
      const adding = add.filter((l) => !has.has(l.id));
      const removing = remove.filter((l) => has.has(l.id));
      if (Object.keys(changes).length === 0 && adding.length === 0 && removing.length === 0) {
        return { record: current, note: true, message: `${what[0]?.toUpperCase()}${what.slice(1)} already is as asked; nothing was sent` };
      }
      // Each step names what it changed, so a later failure can say what was already done.
      const done: string[] = [];
      const step = (err: unknown) => fail(err).catch((e: unknown) => Promise.reject(afterSteps(e, done)));
      if (adding.length > 0) {
        await issues.addLabels(api, repo, number, { labels: adding.map((l) => l.id) }).catch(step);
        done.push('labels');
      }
      for (const label of removing) {
        await issues.removeLabel(api, repo, number, label.id).catch(step);
        if (!done.includes('labels')) done.push('labels');
      }
      const issue: Issue = Object.keys(changes).length > 0 ? await issues.edit(api, repo, number, changes).catch(step) : await issues.get(api, repo, number).catch(fail);
      const names: Record<string, string> = { title: 'title', body: 'body', assignees: 'assignees', milestone: 'milestone', due_date: 'due date', unset_due_date: 'due date' };
      for (const key of Object.keys(changes)) if (!done.includes(names[key] ?? key)) done.push(names[key] ?? key);
      // The server answers success while skipping the assignees, milestone and
      // due date of a user without write access: compare with what came back.
      const missed: string[] = [];
      if (changes.assignees !== undefined && !sameLogins(assigneeLogins(issue as Record<string, unknown>), changes.assignees)) missed.push('assignees');
      if (changes.milestone !== undefined && (issue.milestone?.id ?? 0) !== changes.milestone) missed.push('milestone');
      if ((changes.due_date !== undefined && !sameMoment(issue.due_date, changes.due_date)) || (changes.unset_due_date && issue.due_date)) missed.push('due date');
      const failed = notTaken(
        what,
        missed,
        done.filter((d) => !missed.includes(d)),
      );
      if (failed) throw failed;
      return { record: issue, message: `Edited ${what}${webUrl(issue)}` };
    },
    { columns: issueColumns, viewColumns: issueViewColumns },
  );
}
