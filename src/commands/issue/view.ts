// kettle issue view NUMBER [--comments]
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import { createdAt } from '../../api/response.js';
import type { Comment, Issue } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { withPager } from '../../context/pager.js';
import { fullName } from '../../context/repo.js';
import { visibleControls } from '../../text/controls.js';
import { printRecord, type Row } from '../../output/printer.js';
import { relativeTime } from '../../output/time.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import { ViewLayout } from '../layout.js';
import { assigneeLogins, author, labelNames } from '../records.js';
import { openUrl, pathOf, repoPage } from '../web.js';
import { issueViewColumns } from '../issue-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/view.js';

export type ViewOptions = OptionsOf<typeof definition.view>;

/** The conversation as text, oldest first: author and time (relative on a terminal), then the body indented. */
export function conversationText(comments: readonly Comment[], terminal: boolean, now: Date): string {
  if (comments.length === 0) return '\n(no comments)\n';
  return comments
    .map((c) => {
      const who = c.user?.login ?? c.original_author ?? 'someone';
      const when = typeof c.created_at === 'string' ? (terminal ? relativeTime(c.created_at, now) : c.created_at) : '';
      const body = (c.body ?? '')
        .split(/\r?\n/)
        .map((line) => `  ${visibleControls(line)}`)
        .join('\n');
      return `\n${visibleControls(who)} commented ${when}\n${body}\n`;
    })
    .join('');
}

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number });
  const { repo } = at;
  if (opts.web) return openUrl(ctx, repoPage(ctx, repo, pathOf('issues', String(number))));
  const api = await at.api();
  const what = `issue #${number} in ${fullName(repo)}`;
  const fail = failure({ action: `read ${what}`, missing: what, within: { api, repo } });
  const issue = await issues.get(api, repo, number).catch(fail);
  // Oldest first, as the server lists them; the endpoint answers every comment at once.
  const comments = opts.comments ? await issues.listComments(api, repo, number).catch(fail) : undefined;
  if (ctx.output.kind !== 'view') {
    await printRecord(ctx.io, ctx.output, comments ? { ...issue, comments } : issue, issueViewColumns);
    return;
  }
  // A view can be long (the body, the conversation): on a terminal it goes through the pager.
  await withPager(ctx.io, async (write, paged) => {
    // On a terminal the layout pr view has; --fields asks for chosen fields, labelled.
    if (ctx.io.stdoutIsTTY && !ctx.output.fields) write(renderView(issue, ctx.io.color, ctx.io.now()));
    else await printRecord(paged, ctx.output, issue, issueViewColumns);
    if (comments) write(conversationText(comments, ctx.io.stdoutIsTTY, ctx.io.now()));
  });
}

/** The terminal view: title and number, state and who, the fields that are set, the body, the web address. */
export function renderView(issue: Issue, color: boolean, now: Date): string {
  const view = new ViewLayout(color);
  const r = issue as Row;
  const when = (iso: unknown) => (typeof iso === 'string' && iso !== '' ? relativeTime(iso, now) : undefined);
  const opened = when(createdAt(r));
  const count = typeof issue.comments === 'number' ? issue.comments : 0;
  view.title(issue.title ?? '', `#${String(issue.number)}`);
  view.facts([view.state(issue.state ?? ''), `${visibleControls(String(author(r) ?? '?'))} opened ${opened ?? ''}`.trimEnd(), `${count} comment${count === 1 ? '' : 's'}`]);
  view.line();
  const labels = labelNames(r);
  const assignees = assigneeLogins(r);
  const due = typeof issue.due_date === 'string' && issue.due_date !== '' ? issue.due_date : undefined;
  view.fields([
    ['Labels', labels.join(', ')],
    ['Assignees', assignees.join(', ')],
    ['Milestone', issue.milestone?.title ?? ''],
    ['Due', due === undefined ? '' : `${due.slice(0, 10)} (${when(due) ?? ''})`],
  ]);
  view.line();
  view.text(issue.body, 'No description provided.');
  view.web(issue.html_url);
  return view.toString();
}
