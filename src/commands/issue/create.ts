// kettle issue create --title TEXT [--body TEXT | --body-file FILE|-] [--label ID]... [--assignee USER]...
import * as issues from '../../api/gitea/issues.js';
import type { CreateIssueOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, isSafeSegment } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { askBody, readBody, titleOf } from '../input.js';
import { webUrl } from '../records.js';
import { issueViewColumns } from './columns.js';
import type { CreateOptions } from './index.js';

/** --label values: integer ids, repeated or comma-separated. */
export function parseLabelIds(values: string[]): number[] {
  const ids: number[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const id = part.trim();
      if (!/^\d{1,15}$/.test(id) || Number(id) < 1) {
        throw new UsageError(`invalid --label "${part}": labels are given by their integer id (see the repository's labels)`);
      }
      ids.push(Number(id));
    }
  }
  return [...new Set(ids)];
}

/** --assignee values: user names, repeated or comma-separated; each refused with its reason. */
export function parseUserNames(values: string[], flag: string): string[] {
  const names: string[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const name = part.trim();
      if (name === '') throw new UsageError(`invalid ${flag} "${value}": an empty user name (a stray comma?)`);
      if (!isSafeSegment(name)) {
        throw new UsageError(`invalid ${flag} "${name}": a user name has only letters, digits, - _ and . (at most 100)`);
      }
      names.push(name);
    }
  }
  return [...new Set(names)];
}

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const labels = parseLabelIds(opts.label);
  const assignees = parseUserNames(opts.assignee, '--assignee');
  const repo = await ctx.repo(opts.repo);
  const given = await readBody(ctx, opts);
  const asked = opts.title === undefined;
  const title = await titleOf(ctx, opts.title);
  // A title given on the command line means a script or a hurry: no more questions.
  const body = given ?? (asked ? await askBody(ctx, 'ISSUE_BODY.md') : undefined);
  const payload: CreateIssueOption = { title };
  if (body !== undefined) payload.body = body;
  if (labels.length > 0) payload.labels = labels;
  // `assignees`, Gitea's list field: the single `assignee` holds one name only.
  if (assignees.length > 0) payload.assignees = assignees;
  const api = await ctx.api();
  const issue = await issues.create(api, repo, payload).catch(failure({ action: `create an issue in ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
  ctx.success(`Created issue #${String(issue.number)} in ${fullName(repo)}${webUrl(issue)}`);
  await printRecord(ctx.io, ctx.flags, issue, issueViewColumns);
}
