// kettle issue view NUMBER [--comments]
import * as issues from '../../api/gitea/issues.js';
import type { Comment } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { withPager } from '../../context/pager.js';
import { fullName } from '../../context/repo.js';
import { visibleControls } from '../../output/controls.js';
import { printRecord } from '../../output/printer.js';
import { relativeTime } from '../../output/time.js';
import { failure } from '../failure.js';
import { parseNumberArg } from '../input.js';
import { openUrl, pathOf, repoPage } from '../web.js';
import { issueViewColumns } from './columns.js';
import type { ViewOptions } from './defs/view.js';

/** The conversation as text, oldest first: author and time (relative on a terminal), then the body indented. */
export function conversationText(comments: readonly Comment[], terminal: boolean, now: Date): string {
  if (comments.length === 0) return '\n(no comments)\n';
  return comments
    .map((c) => {
      const who = c.user?.login ?? c.original_author ?? 'someone';
      const when = typeof c.created_at === 'string' ? (terminal ? relativeTime(c.created_at, now) : c.created_at) : '';
      const body = (c.body ?? '').split(/\r?\n/).map((line) => `  ${visibleControls(line)}`).join('\n');
      return `\n${visibleControls(who)} commented ${when}\n${body}\n`;
    })
    .join('');
}

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const number = parseNumberArg(opts.number, 'issue number');
  const repo = await ctx.repo(opts.repo, opts.number);
  if (opts.web) return openUrl(ctx, repoPage(ctx, repo, pathOf('issues', String(number))));
  const api = await ctx.api();
  const what = `issue #${number} in ${fullName(repo)}`;
  const fail = failure({ action: `read ${what}`, missing: what, within: { api, repo } });
  const issue = await issues.get(api, repo, number).catch(fail);
  // Oldest first, as the server lists them; the endpoint answers every comment at once.
  const comments = opts.comments ? await issues.listComments(api, repo, number).catch(fail) : undefined;
  if (ctx.flags.json) {
    await printRecord(ctx.io, ctx.flags, comments ? { ...issue, comments } : issue, issueViewColumns);
    return;
  }
  // A view can be long (the body, the conversation): on a terminal it goes through the pager.
  await withPager(ctx.io, async (write, paged) => {
    await printRecord(paged, ctx.flags, issue, issueViewColumns);
    if (comments) write(conversationText(comments, ctx.io.stdoutIsTTY, ctx.io.now()));
  });
}
