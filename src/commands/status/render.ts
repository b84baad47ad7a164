// kettle status in its three shapes: sections on a terminal (a heading per
// server, colour, relative times), tab-separated rows led by the login's name
// in a pipe, and one JSON object keyed by login name. A read that failed is
// marked where its records would be: a line in its section on a terminal,
// no rows in a pipe, null and an "incomplete" entry in JSON.
import type { NotificationThread } from '../../api/gitea/notifications.js';
import type { Issue } from '../../api/gitea/types.js';
import { redactUrl } from '../../api/redact.js';
import { instanceRoot } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { visibleCell } from '../../text/controls.js';
import { type Column, loadChalk, type Paint, plainText, valueText } from '../../output/cells.js';
import { pickFields } from '../../output/fields.js';
import { printJson, printText } from '../../output/printer.js';
import { layoutTable, tableLine } from '../../output/table.js';
import { relativeTime } from '../../output/time.js';
import { SECTIONS, type Section, type ServerView, type WithChecks } from './gather.js';

/** A read that failed, as shown: what it was, its section, and the lines that say why. */
export interface Missed {
  read: string;
  section: Section;
  why: string[];
}

export interface Outcome {
  name: string;
  /** The server's URL as shown: the instance root, without any user information. */
  server: string;
  view?: ServerView;
  /** The reads of the view that failed. */
  missed?: Missed[];
  /** Why the server could not be read: the message, then what to do. */
  error?: string[];
  code?: number;
}

/** The instance root, any credential in it hidden: it is shown, never a secret. */
export function serverUrl(root: string): string {
  return redactUrl(instanceRoot(root)).replace(/\/$/, '');
}

/** The object --json prints (and --jq reads): keyed by login name; --fields applies to each section's records. */
export function printStatusJson(ctx: Context, outcomes: Outcome[]): void {
  const fields = ctx.output.fields;
  const records = (list: readonly object[] | null) => (list && fields ? pickFields(list, fields) : list);
  const out: Record<string, unknown> = {};
  for (const o of outcomes) {
    if (!o.view) {
      out[o.name] = { server: o.server, error: (o.error ?? []).join('\n') };
      continue;
    }
    const v = o.view;
    const missed = o.missed ?? [];
    out[o.name] = {
      server: o.server,
      user: v.user,
      notifications: records(v.notifications),
      assigned: records(v.assigned),
      review_requested: records(v.review_requested),
      created: records(v.created),
      ...(missed.length > 0 ? { incomplete: missed.map((m) => ({ read: m.read, error: m.why.join('\n') })) } : {}),
    };
  }
  // Through the printer, as every command's JSON and --jq (its control characters escaped); --fields was applied above.
  printJson(ctx.io, { ...ctx.output, fields: undefined }, out);
}

const repoName = (r: Issue | NotificationThread): string => (r as Issue).repository?.full_name ?? (r as NotificationThread).repository?.full_name ?? '';

/** One line's cells after the login and the section: repository, number or id, title, updated, then the type or check state. */
function cells(section: Section, r: Issue | NotificationThread | WithChecks): unknown[] {
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
      for (const r of o.view[section] ?? []) lines.push(`${[o.name, section, ...cells(section, r)].map(plainText).join('\t')}\n`);
    }
  }
  printText(ctx.io, lines.join(''));
}

function paintChecks(chalk: Paint, state: string | null): string {
  if (state === null) return chalk.red('not read');
  if (state === 'success') return chalk.green(state);
  if (state === 'failure' || state === 'error') return chalk.red(state);
  if (state === 'pending') return chalk.yellow(state);
  return chalk.dim(state);
}

/** A cell of a section's line: its text as shown (control characters visible), and how to paint it once fitted. */
interface Cell {
  text: string;
  paint?: (text: string) => string;
}

// The columns of a section's lines, for the tables' layout: the record's key
// and the title stay; the others are left out, by rank, before the title is
// cut below a few words.
const NOTIFICATION_COLUMNS: Column[] = [
  { key: 'id', header: '' },
  { key: 'repository', header: '', drop: 3 },
  { key: 'type', header: '', drop: 1 },
  { key: 'title', header: '', flex: true },
  { key: 'updated_at', header: '', kind: 'time', drop: 2 },
];
const ISSUE_COLUMNS: Column[] = [
  { key: 'issue', header: '' },
  { key: 'title', header: '', flex: true },
  { key: 'updated_at', header: '', kind: 'time', drop: 1 },
];
// The check state, a state, goes only when the title would keep less than a few words.
const PULL_COLUMNS: Column[] = [...ISSUE_COLUMNS, { key: 'checks', header: '', kind: 'state', drop: 2 }];

/**
 * A section's lines laid out as the tables are (output/table.ts's layoutTable:
 * the columns that fit `width`, each cut by the same rule), without a header.
 * Colour goes on after the cut, so it never counts as width.
 */
function sectionLines(rows: Cell[][], columns: Column[], width: number): string[] {
  const texts = rows.map((r) => r.map((c) => c.text));
  const { shown, widths } = layoutTable(
    columns.map((c) => c.header),
    texts,
    columns,
    width,
  );
  return rows.map((row) => {
    const cells = shown.map((from) => row[from] ?? { text: '' });
    return tableLine(
      cells.map((c) => c.text),
      widths,
      (cut, i) => (cells[i]?.paint && cut === cells[i]?.text ? cells[i].paint(cut) : cut),
    );
  });
}

export async function printSections(ctx: Context, outcomes: Outcome[]): Promise<void> {
  const chalk = await loadChalk(ctx.io);
  const now = ctx.io.now();
  // As every view shows the server's text: as written, control characters in caret notation.
  const text = (value: unknown) => visibleCell(valueText(value));
  const when = (iso: unknown): Cell => ({ text: typeof iso === 'string' ? visibleCell(relativeTime(iso, now)) : '', paint: (t) => chalk.dim(t) });
  const width = Math.max(1, ctx.io.columns - 4);
  const out: string[] = [];
  for (const o of outcomes) {
    if (out.length > 0) out.push('');
    const who = o.view ? `  ${chalk.dim(`as ${text(o.view.user)}`)}` : '';
    out.push(`${chalk.bold(text(o.name))}  ${chalk.cyan(text(o.server))}${who}`);
    if (!o.view) {
      const [first = '', ...rest] = o.error ?? [];
      out.push(`  ${chalk.red('✗')} ${visibleCell(first)}`, ...rest.map((l) => `    ${visibleCell(l.trimStart())}`));
      continue;
    }
    const v = o.view;
    const part = (section: Section, title: string, rows: Cell[][] | undefined, columns: Column[], empty: string) => {
      out.push(`  ${chalk.bold(title)}`);
      const lines = rows === undefined ? [] : rows.length > 0 ? sectionLines(rows, columns, width) : [chalk.dim(empty)];
      out.push(...lines.map((l) => `    ${l}`));
      for (const m of (o.missed ?? []).filter((x) => x.section === section)) {
        const [first = '', ...rest] = m.why;
        out.push(`    ${chalk.red('✗')} ${visibleCell(m.read)} could not be read (${visibleCell(first)})`, ...rest.map((l) => `      ${visibleCell(l.trimStart())}`));
      }
    };
    const count = v.unread === undefined ? '' : `: ${v.unread} unread${v.notifications && v.unread > v.notifications.length ? ` (showing ${v.notifications.length})` : ''}`;
    part(
      'notifications',
      `Notifications${count}`,
      v.notifications?.map((t) => [{ text: text(t.id) }, { text: text(repoName(t)) }, { text: text(t.subject?.type) }, { text: text(t.subject?.title) }, when(t.updated_at)]),
      NOTIFICATION_COLUMNS,
      'Nothing unread',
    );
    const issueCells = (i: Issue): Cell[] => [{ text: `${text(repoName(i))}#${text(i.number)}` }, { text: text(i.title) }, when(i.updated_at)];
    part('assigned', 'Issues assigned to you', v.assigned?.map(issueCells), ISSUE_COLUMNS, 'None');
    part('review_requested', 'Pull requests awaiting your review', v.review_requested?.map(issueCells), ISSUE_COLUMNS, 'None');
    part(
      'created',
      'Your open pull requests',
      v.created?.map((i) => [
        ...issueCells(i),
        { text: `checks: ${i.checks === null ? 'not read' : text(i.checks)}`, paint: () => `checks: ${paintChecks(chalk, i.checks === null ? null : text(i.checks))}` },
      ]),
      PULL_COLUMNS,
      'None',
    );
  }
  printText(ctx.io, `${out.join('\n')}\n`);
}
