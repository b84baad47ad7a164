// kettle pr checks [NUMBER] [--watch] [--interval SECONDS] [--required]: the
// head commit's statuses and what they add up to, as an exit status.
import { target } from '../../context/target.js';
import type { ApiClient } from '../../api/client.js';
import { pageWindow } from '../../api/paginate.js';
import * as statuses from '../../api/gitea/statuses.js';
import type { CommitStatus, PullRequest } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { ExitCode, KettleError } from '../../errors.js';
import { renderPlain } from '../../output/formats.js';
import { type Column, printList, printText } from '../../output/printer.js';
import { InPlace } from '../../output/redraw.js';
import { renderTable } from '../../output/table.js';
import { failure } from '../failure.js';
import { Outage } from '../outage.js';
import { type Check, checksOf, summary, type Tally, tally } from './check-state.js';
import { readPull, resolvePull } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/checks.js';

export type ChecksOptions = OptionsOf<typeof definition.checks>;

const DEFAULT_INTERVAL_S = 10;

const MARKS: Record<string, string> = { success: '✓', skipped: '-', warning: '!', failure: 'X', error: 'X', pending: '*' };

export const checkColumns: Column[] = [
  { key: 'context', header: 'CHECK' },
  { key: 'status', header: 'STATE', get: (r) => `${MARKS[String(r.status)] ?? '*'} ${String(r.status)}`, kind: 'state' },
  { key: 'description', header: 'DESCRIPTION', flex: true, drop: 2 },
  { key: 'target_url', header: 'URL', drop: 1 },
];

/** In a pipe the state is the bare word, so scripts can compare it. */
const plainColumns: Column[] = checkColumns.map((c) => (c.key === 'status' ? { key: 'status', header: 'STATE' } : c));

interface Round {
  checks: Check[];
  tally: Tally;
}

export async function run(ctx: Context, opts: ChecksOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const api = await at.api();
  const { repo } = at;
  const found = await resolvePull(ctx, api, at, opts.number);
  const pr = found.pr ?? (await readPull(api, repo, found.number));
  const what = `pull request #${found.number} in ${fullName(repo)}`;
  const ref = pr.head?.sha || pr.head?.ref;
  if (!ref) throw new KettleError(`the server names no head commit for ${what}`);
  const required = opts.required ? await requiredContexts(ctx, api, repo, pr) : undefined;
  const intervalMs = (opts.interval ?? DEFAULT_INTERVAL_S) * 1000;
  if (opts.interval !== undefined && !opts.watch) ctx.term.warn('--interval has no effect without --watch');

  const read = async (): Promise<Round> => {
    const all: CommitStatus[] = [];
    for await (const page of statuses.list(api, repo, ref, pageWindow({ all: true }))) all.push(...page);
    const checks = checksOf(all, required);
    return { checks, tally: tally(checks) };
  };
  const readOrSay = () => read().catch(failure({ action: `read the checks of ${what}`, missing: what, within: { api, repo } }));

  let round = await readOrSay();
  const screen = opts.watch && ctx.io.stdoutIsTTY && ctx.output.kind === 'view' ? new InPlace(ctx.io.stdout, ctx.io.columns) : undefined;
  // A watch rides out a server away for a while; the first read, as any command's, does not.
  const outage = new Outage(ctx, `the checks of ${what}`, screen ? (write) => screen.aside(write) : undefined);
  const refresh = async (): Promise<Round> => {
    for (;;) {
      await ctx.io.sleep(intervalMs);
      const next = await outage.read(readOrSay);
      if (next !== undefined) return next;
    }
  };
  if (opts.watch && ctx.output.kind === 'view') round = await watch(ctx, round, refresh, intervalMs, screen);
  else {
    while (opts.watch && round.tally.pending > 0) round = await refresh();
    if (round.checks.length > 0 || ctx.output.kind !== 'view') await printList(ctx.io, ctx.output, round.checks, ctx.io.stdoutIsTTY ? checkColumns : plainColumns);
  }
  conclude(ctx, round, pr, required);
}

/**
 * The contexts the base branch's protection requires; [] when it requires none
 * (said so). A protection that enables status checks without naming contexts
 * requires every status, and at least one (services/pull/commit_status.go
 * `MergeRequiredContextsCommitStatus`: no statuses is pending): the pattern
 * `*`, which matches every context.
 */
async function requiredContexts(ctx: Context, api: ApiClient, repo: RepoRef, pr: PullRequest): Promise<string[]> {
  const base = pr.base?.ref;
  if (!base) throw new KettleError(`the server names no base branch for pull request #${String(pr.number)}`);
  const branch = await statuses.branch(api, repo, base).catch(failure({ action: `read branch ${base} of ${fullName(repo)}`, missing: `branch ${base} in ${fullName(repo)}` }));
  if (!branch.enable_status_check) {
    ctx.term.info(`Branch ${base} requires no status checks${branch.protected ? '' : ' (it is not protected)'}.`);
    return [];
  }
  const contexts = branch.status_check_contexts ?? [];
  return contexts.length > 0 ? contexts : ['*'];
}

/** Say what the checks add up to: a line on stderr, and the exit status (0, 1 or 8). */
function conclude(ctx: Context, round: Round, pr: PullRequest, required: string[] | undefined): void {
  const { tally: t } = round;
  const sha = String(pr.head?.sha ?? '').slice(0, 7);
  if (t.total === 0) {
    ctx.term.info(required ? 'No required checks.' : `No checks reported on ${sha ? `commit ${sha}, ` : ''}the head of #${String(pr.number)}.`);
    return;
  }
  if (t.failed > 0) throw new KettleError(`checks failed: ${summary(t)}`);
  if (t.pending > 0) throw new KettleError(`checks pending: ${summary(t)}`, ExitCode.pending);
  ctx.term.success(`All checks passed: ${summary(t)}`);
}

/**
 * Refresh until nothing is pending. On a terminal the table is drawn again in place; in a
 * pipe each check is a line when it first shows and when its state changes.
 */
async function watch(ctx: Context, first: Round, refresh: () => Promise<Round>, intervalMs: number, screen: InPlace | undefined): Promise<Round> {
  const { io } = ctx;
  const seen = new Map<string, string>();
  let round = first;
  for (;;) {
    const done = round.tally.pending === 0;
    if (screen) {
      const table = round.checks.length > 0 ? await renderTable(io, round.checks as never[], checkColumns) : '';
      const foot = done ? '' : `${summary(round.tally)}; refreshing every ${intervalMs / 1000} s (Ctrl-C to stop)\n`;
      screen.draw(table + foot);
    } else {
      const changed = round.checks.filter((c) => seen.get(c.context) !== `${c.status}\u0000${c.description}`);
      for (const c of changed) seen.set(c.context, `${c.status}\u0000${c.description}`);
      if (changed.length > 0) printText(io, renderPlain(changed as never[], plainColumns));
    }
    if (done) return round;
    round = await refresh();
  }
}
