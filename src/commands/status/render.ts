// kettle status in its three shapes: sections on a terminal (a heading per
// server, colour, relative times), tab-separated rows led by the login's name
// in a pipe, and one JSON object keyed by login name.
import type { NotificationThread } from '../../api/gitea/notifications.js';
import type { Issue } from '../../api/gitea/types.js';
import { redactUrl } from '../../api/redact.js';
import { instanceRoot } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { visibleControls } from '../../output/controls.js';
import { loadChalk, type Paint } from '../../output/cells.js';
import { pickFields } from '../../output/fields.js';
import { plainText } from '../../output/cells.js';
import { renderJson } from '../../output/formats.js';
import { relativeTime } from '../../output/time.js';
import type { ServerView, WithChecks } from './gather.js';

export interface Outcome {
  name: string;
  /** The server's URL as shown: the instance root, without any user information. */
  server: string;
  view?: ServerView;
  /** Why the server could not be read: the message, then what to do. */
  error?: string[];
  code?: number;
}

/** The instance root, any credential in it hidden: it is shown, never a secret. */
export function serverUrl(root: string): string {
  return redactUrl(instanceRoot(root)).replace(/\/$/, '');
}

const SECTIONS = ['notifications', 'assigned', 'review_requested', 'created'] as const;

export function printJson(ctx: Context, outcomes: Outcome[]): void {
  const fields = ctx.flags.fields;
  const records = (list: readonly object[]) => (fields ? pickFields(list, fields) : list);
  const out: Record<string, unknown> = {};
  for (const o of outcomes) {
    if (!o.view) {
      out[o.name] = { server: o.server, error: (o.error ?? []).join('\n') };
      continue;
    }
    const v = o.view;
    out[o.name] = {
      server: o.server,
      user: v.user,
      notifications: records(v.notifications),
      assigned: records(v.assigned),
      review_requested: records(v.review_requested),
      created: records(v.created),
    };
  }
  ctx.io.stdout.write(ctx.flags.jq ? ctx.flags.jq.run(JSON.stringify(out)) : renderJson(out, undefined));
}

const repoName = (r: Issue | NotificationThread): string => (r as Issue).repository?.full_name ?? (r as NotificationThread).repository?.full_name ?? '';

/** One line's cells after the login and the section: repository, number or id, title, updated, then the type or check state. */
function cells(section: (typeof SECTIONS)[number], r: Issue | NotificationThread | WithChecks): unknown[] {
  if (section === 'notifications') {
    const t = r as NotificationThread;
    return [repoName(t), t.id, t.subject?.title, t.updated_at, t.subject?.type];
  }
  const i = r as WithChecks;
  return [repoName(i), i.number, i.title, i.updated_at, ...(section === 'created' ? [i.checks] : [])];
}

export function printPlain(ctx: Context, outcomes: Outcome[]): void {
  const lines: string[] = [];
  for (const o of outcomes) {
    if (!o.view) continue;
    for (const section of SECTIONS) {
      for (const r of o.view[section]) lines.push(`${[o.name, section, ...cells(section, r)].map(plainText).join('\t')}\n`);
    }
  }
  ctx.io.stdout.write(lines.join(''));
}

function paintChecks(chalk: Paint, state: string): string {
  if (state === 'success') return chalk.green(state);
  if (state === 'failure' || state === 'error') return chalk.red(state);
  if (state === 'pending') return chalk.yellow(state);
  return chalk.dim(state);
}

export async function printSections(ctx: Context, outcomes: Outcome[]): Promise<void> {
  const chalk = await loadChalk(ctx.io);
  const now = ctx.io.now();
  const when = (iso: unknown) => (typeof iso === 'string' ? chalk.dim(relativeTime(iso, now)) : '');
  const text = (value: unknown) => visibleControls(plainText(value));
  const out: string[] = [];
  for (const o of outcomes) {
    if (out.length > 0) out.push('');
    const who = o.view ? `  ${chalk.dim(`as ${text(o.view.user)}`)}` : '';
    out.push(`${chalk.bold(text(o.name))}  ${chalk.cyan(text(o.server))}${who}`);
    if (!o.view) {
      const [first = '', ...rest] = o.error ?? [];
      out.push(`  ${chalk.red('✗')} ${visibleControls(first)}`, ...rest.map((l) => `    ${visibleControls(l)}`));
      continue;
    }
    const v = o.view;
    const part = (title: string, rows: string[], empty: string) => {
      out.push(`  ${chalk.bold(title)}`);
      out.push(...(rows.length > 0 ? rows.map((r) => `    ${r}`) : [`    ${chalk.dim(empty)}`]));
    };
    const more = v.unread > v.notifications.length ? ` (showing ${v.notifications.length})` : '';
    part(
      `Notifications: ${v.unread} unread${more}`,
      v.notifications.map((t) => `${text(t.id)}  ${text(repoName(t))}  ${text(t.subject?.type)}  ${text(t.subject?.title)}  ${when(t.updated_at)}`),
      'Nothing unread',
    );
    const issueLine = (i: Issue) => `${text(repoName(i))}#${text(i.number)}  ${text(i.title)}  ${when(i.updated_at)}`;
    part('Issues assigned to you', v.assigned.map(issueLine), 'None');
    part('Pull requests awaiting your review', v.review_requested.map(issueLine), 'None');
    part(
      'Your open pull requests',
      v.created.map((i) => `${issueLine(i)}  checks: ${paintChecks(chalk, i.checks)}`),
      'None',
    );
  }
  ctx.io.stdout.write(`${out.join('\n')}\n`);
}
