// kettle issue create --title TEXT [--body TEXT | --body-file FILE|-] [--label NAME|ID]...
//   [--assignee USER]... [--milestone NAME|NUMBER] [--due DATE]
// The server keeps the due date to the second; labels, assignees, milestone
// and due date it left out (no write access) are named, exit 1.
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import type { CreateIssueOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { parseDate } from '../dates.js';
import { failure } from '../failure.js';
import { askBody, readBody, titleOf } from '../input.js';
import { answersFrom, askForm, isForm, issueTemplateFor, parseFieldFlags, renderForm, templateLabels, withPrefix } from '../templates.js';
import { canPrompt } from '../../io.js';
import { LabelNames, parseUserNames, resolveMilestone, UserNames } from '../names.js';
import { assigneeLogins, webUrl } from '../records.js';
import { notTaken, sameIds, sameLogins } from '../taken.js';
import { openUrl, repoPage } from '../web.js';
import { issueViewColumns } from '../issue-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/create.js';

export type CreateOptions = OptionsOf<typeof definition.create>;

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const assignees = parseUserNames(opts.assignee, '--assignee');
  const due = opts.due === undefined ? undefined : parseDate(opts.due, '--due', 'end');
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const given = await readBody(ctx, opts);
  if (opts.web) {
    // The server's new-issue page takes the title and body; labels and the rest are chosen there.
    if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
    return openUrl(ctx, repoPage(ctx, repo, '/issues/new', { title: opts.title, body: given }));
  }
  const fields = parseFieldFlags(opts.field);
  if (fields.size > 0 && opts.template === undefined) throw new UsageError('--field fills a form template: name it with --template');
  const api = await at.api();
  const template = await issueTemplateFor(ctx, api, repo, opts.template, given !== undefined || opts.title !== undefined);
  if (template && isForm(template) && given !== undefined) throw new UsageError(`"${template.name ?? ''}" is a form: its body is made from its fields (--field ID=VALUE), not --body`);
  const asked = opts.title === undefined;
  // A template's title is where the web page's title starts: it is put before the title, given or asked.
  const title = withPrefix(await titleOf(ctx, opts.title, template?.title || undefined), template?.title);
  let body: string | undefined;
  if (template && isForm(template)) body = renderForm(template, asked && fields.size === 0 && canPrompt(ctx.io) ? await askForm(ctx, template) : answersFrom(template, fields));
  // A title given on the command line means a script or a hurry: no more questions.
  else if (given !== undefined) body = given;
  else if (asked) body = await askBody(ctx, 'ISSUE_BODY.md', template ? { name: template.name || (template.file_name ?? ''), text: template.content ?? '' } : undefined);
  else body = template?.content;
  // Names are looked up before anything is written; a template's labels the repository lacks are left out, as the web page leaves them.
  const labelNames = new LabelNames(api, repo);
  const labels = [...(await labelNames.resolve(opts.label)), ...(await templateLabels(ctx, labelNames, template))].filter((l, i, all) => all.findIndex((m) => m.id === l.id) === i);
  const logins = await new UserNames(api).resolveAll([...assignees, ...(template?.assignees ?? []).filter((a) => !assignees.includes(a))]);
  const milestone = opts.milestone === undefined ? undefined : await resolveMilestone(api, repo, opts.milestone);
  const payload: CreateIssueOption = { title };
  // The template's branch (IssueTemplate.ref), where it names one: "refs/heads/" alone is a form without one.
  const ref = template?.ref?.replace(/^refs\/heads\/$/, '');
  if (ref) payload.ref = ref;
  if (body !== undefined) payload.body = body;
  if (labels.length > 0) payload.labels = labels.map((l) => l.id);
  if (logins.length > 0) payload.assignees = logins;
  if (milestone !== undefined) payload.milestone = milestone.id;
  if (due !== undefined) payload.due_date = due;
  const issue = await issues.create(api, repo, payload).catch(failure({ action: `create an issue in ${fullName(repo)}`, missing: `repository ${fullName(repo)}` }));
  ctx.term.success(`Created issue #${String(issue.number)} in ${fullName(repo)}${webUrl(issue)}`);
  await printRecord(ctx.io, ctx.output, issue, issueViewColumns);
  // The server makes the issue but leaves out what a user without write access may not set.
  const missed: string[] = [];
  if (
    payload.labels !== undefined &&
    !sameIds(
      (issue.labels ?? []).map((l) => l.id ?? 0),
      payload.labels,
    )
  )
    missed.push('labels');
  if (payload.assignees !== undefined && !sameLogins(assigneeLogins(issue as Record<string, unknown>), payload.assignees)) missed.push('assignees');
  if (payload.milestone !== undefined && issue.milestone?.id !== payload.milestone) missed.push('milestone');
  if (payload.due_date !== undefined && (typeof issue.due_date !== 'string' || Date.parse(issue.due_date) !== Date.parse(payload.due_date))) missed.push('due date');
  const failed = notTaken(`issue #${String(issue.number)} in ${fullName(repo)}`, missed);
  if (failed) throw failed;
}
