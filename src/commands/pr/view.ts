// kettle pr view [NUMBER] [--comments]: one screen a reviewer can act on.
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import * as pulls from '../../api/gitea/pulls.js';
import * as repos from '../../api/gitea/repos.js';
import type { CombinedStatus, Comment, PullRequest, PullReview } from '../../api/gitea/types.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { page } from '../../context/pager.js';
import { fullName } from '../../context/repo.js';
import { plainText } from '../../output/cells.js';
import { renderRecordPlain } from '../../output/formats.js';
import { printJson, type Row, printText } from '../../output/printer.js';
import { visibleControls } from '../../text/controls.js';
import { relativeTime } from '../../output/time.js';
import { failure } from '../failure.js';
import { assigneeLogins, labelNames } from '../records.js';
import { prViewColumns } from './columns.js';
import { checkState } from '../commit-status.js';
import { mergeability, stateOf, verdicts } from './show.js';
import { readPull, resolvePull } from './shared.js';
import { openUrl, pathOf, repoPage } from '../web.js';
import { painter, type Style } from '../layout.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/view.js';

export type ViewOptions = OptionsOf<typeof definition.view>;

interface Seen {
  pr: PullRequest;
  reviews: PullReview[];
  status: CombinedStatus | undefined;
  comments: Comment[] | undefined;
}

async function allPages<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) out.push(...p);
  return out;
}

const STATE_STYLE: Record<string, Style> = {
  open: 'green',
  merged: 'magenta',
  closed: 'red',
  draft: 'dim',
  success: 'green',
  failure: 'red',
  error: 'red',
  pending: 'yellow',
  warning: 'yellow',
  approved: 'green',
  'requested changes': 'red',
  mergeable: 'green',
  conflicting: 'red',
};

function logins(list: Array<{ login?: string }> | null | undefined): string[] {
  return (list ?? []).map((u) => u.login ?? '').filter(Boolean);
}

/** The terminal view. */
export function renderView(seen: Seen, color: boolean, now: Date): string {
  const paint = painter(color);
  const styled = (word: string) => (STATE_STYLE[word] ? paint(STATE_STYLE[word], word) : visibleControls(word));
  const v = (s: string) => visibleControls(s);
  const { pr } = seen;
  const lines: string[] = [];
  lines.push(`${paint('bold', v(pr.title ?? ''))} ${paint('dim', `#${String(pr.number)}`)}`);
  const merge = mergeability(pr);
  lines.push(
    [styled(stateOf(pr)), `${v(pr.user?.login ?? '?')} wants to merge ${v(pr.head?.label ?? pr.head?.ref ?? '?')} → ${v(pr.base?.ref ?? '?')}`, merge ? styled(merge) : ''].filter(Boolean).join(' • '),
  );
  lines.push('');
  const field = (label: string, value: string) => lines.push(`${paint('bold', `${label}:`.padEnd(11))}${value}`);
  const labels = labelNames(pr as never);
  const assignees = assigneeLogins(pr as never);
  const requested = logins(pr.requested_reviewers);
  field('Labels', labels.length ? v(labels.join(', ')) : '—');
  field('Assignees', assignees.length ? v(assignees.join(', ')) : '—');
  field('Reviewers', requested.length ? `${v(requested.join(', '))} (requested)` : '—');
  const reviewed = verdicts(seen.reviews);
  field('Reviews', reviewed.length ? reviewed.map((r) => `${v(r.who)} ${styled(r.verdict)}`).join(', ') : '—');
  if (pr.milestone?.title) field('Milestone', v(pr.milestone.title));
  const state = checkState(seen.status);
  field('Checks', seen.status === undefined ? 'unknown (could not be read)' : styled(state));
  for (const s of seen.status?.statuses ?? []) {
    lines.push(`  ${styled(s.status ?? 'pending')}  ${v(s.context ?? '')}${s.description ? paint('dim', ` — ${v(s.description)}`) : ''}`);
  }
  lines.push('');
  const body = (pr.body ?? '').replace(/\r\n/g, '\n').trim();
  lines.push(...(body === '' ? [paint('dim', 'No description provided.')] : body.split('\n').map((l) => `  ${v(l)}`)));
  if (seen.comments !== undefined) {
    lines.push('', paint('bold', `Comments (${seen.comments.length})`));
    for (const c of seen.comments) {
      lines.push('', `${paint('bold', v(c.user?.login ?? '?'))} ${paint('dim', c.created_at ? relativeTime(c.created_at, now) : '')}`);
      lines.push(
        ...(c.body ?? '')
          .replace(/\r\n/g, '\n')
          .trim()
          .split('\n')
          .map((l) => `  ${v(l)}`),
      );
    }
  }
  if (pr.html_url) lines.push('', paint('dim', `View it on the web: ${v(pr.html_url)}`));
  return `${lines.join('\n')}\n`;
}

/**
 * Not a terminal: the pull request as every pr verb prints it (prViewColumns),
 * then what only the view reads: its reviews and checks, and the comments,
 * one line each.
 */
export function renderPlain(seen: Seen): string {
  const { pr } = seen;
  const extra: Array<[string, string]> = [
    [
      'reviews',
      verdicts(seen.reviews)
        .map((r) => `${r.who}:${r.state}`)
        .join(','),
    ],
    ['checks', seen.status === undefined ? 'unknown' : checkState(seen.status)],
    ...(seen.status?.statuses ?? []).map((s): [string, string] => ['check', `${s.context ?? ''}:${s.status ?? ''}`]),
  ];
  const out = [renderRecordPlain(pr as Row, prViewColumns), ...extra.map(([k, val]) => `${k}\t${plainText(val)}\n`)];
  for (const c of seen.comments ?? []) out.push(`comment\t${plainText(c.user?.login ?? '')}\t${plainText(c.created_at ?? '')}\t${plainText(c.body ?? '')}\n`);
  return out.join('');
}

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const api = await at.api();
  const { repo } = at;
  const { number } = await resolvePull(ctx, api, at, opts.number);
  if (opts.web) return openUrl(ctx, repoPage(ctx, repo, pathOf('pulls', String(number))));
  const pr = await readPull(api, repo, number);
  const what = `pull request #${number} in ${fullName(repo)}`;
  const comments = opts.comments ? await issues.listComments(api, repo, number).catch(failure({ action: `read the comments of ${what}`, missing: what })) : undefined;
  if (ctx.output.kind !== 'view') {
    printJson(ctx.io, ctx.output, comments === undefined ? pr : { ...pr, comments });
    return;
  }
  const [reviews, status] = await Promise.all([
    allPages(pulls.listReviews(api, repo, number, pageWindow({ all: true }))).catch(failure({ action: `read the reviews of ${what}`, missing: what })),
    // The checks are part of the picture, not the point: a failure to read them is said, not fatal.
    pr.head?.sha
      ? repos.combinedStatus(api, repo, pr.head.sha).catch((err: unknown) => {
          ctx.term.warn(`cannot read the checks of ${what}: ${(err as Error).message}`);
          return undefined;
        })
      : Promise.resolve(undefined),
  ]);
  const seen: Seen = { pr, reviews, status, comments };
  if (!ctx.io.stdoutIsTTY) {
    printText(ctx.io, renderPlain(seen));
    return;
  }
  await page(ctx.io, renderView(seen, ctx.io.color, ctx.io.now()));
}
