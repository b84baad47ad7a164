// Several issue numbers in one command (`kettle issue close 3 4 5`): each done
// concurrently, a few at a time and fewer as the rate limit runs low; one line
// per number on stderr in the order given; the resulting records on stdout
// (a JSON array with --json); exit 1 naming the numbers that failed.
import type { ApiClient } from '../api/client.js';
import { FEW_AT_ONCE, limiter } from '../api/in-flight.js';
import type { Context } from '../context/context.js';
import { ExitCode, report, SeveralFailed } from '../errors.js';
import { type Column, printList, printRecord, printText } from '../output/printer.js';
import { parseNumberArg } from './input.js';

/** Numbers in flight at once, as for any several records. */
export const MANY_AT_ONCE = FEW_AT_ONCE;

/** What one number came to. */
export interface Outcome {
  /** The record to print (the issue as it now is); none for a deletion. */
  record?: object;
  /** The line on stderr: a success ("✓ Closed …") or a note (nothing to do). */
  message: string;
  /** A note rather than a change: printed without the check mark. */
  note?: boolean;
}

/** Issue numbers from the command line, each checked before any request; duplicates once. */
export function parseNumbers(values: readonly string[], what = 'issue number'): number[] {
  const out: number[] = [];
  for (const value of values) {
    const n = parseNumberArg(value, what);
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/**
 * Run `act` for each number, at most MANY_AT_ONCE at a time (fewer when the
 * server says the rate limit is running low), reporting in the given order as
 * each number's turn comes. Records go to stdout at the end: one as a single
 * record, several as a list (a JSON array with --json). Throws when any
 * failed, naming which.
 */
export function forEachNumber(ctx: Context, api: ApiClient, numbers: readonly number[], act: (n: number) => Promise<Outcome>, output: { columns: Column[]; viewColumns: Column[] }): Promise<void> {
  return forEach(ctx, api, numbers, (n) => `#${n}`, act, output);
}

/** Names from the command line (branches, tags), duplicates once, in the order given. */
export function uniqueNames(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** forEachNumber for names (`kettle branch delete a b`): the same lines, the failed ones named as given. */
export function forEachName(ctx: Context, api: ApiClient, names: readonly string[], act: (name: string) => Promise<Outcome>, output: { columns: Column[]; viewColumns: Column[] }): Promise<void> {
  return forEach(ctx, api, names, (name) => name, act, output);
}

async function forEach<T>(
  ctx: Context,
  api: ApiClient,
  numbers: readonly T[],
  show: (item: T) => string,
  act: (n: T) => Promise<Outcome>,
  output: { columns: Column[]; viewColumns: Column[] },
): Promise<void> {
  // Settled at once, so a failure waiting for its turn to be reported is never an unhandled rejection.
  const results: Array<Promise<{ outcome: Outcome } | { err: unknown }>> = [];
  const slots = limiter(
    () => MANY_AT_ONCE,
    () => api.rateLimit.remaining,
  );
  for (const n of numbers) {
    results.push(
      slots
        .run(() => act(n))
        .then(
          (outcome) => ({ outcome }),
          (err: unknown) => ({ err }),
        ),
    );
  }
  const records: object[] = [];
  const failed: Array<{ n: T; err: unknown }> = [];
  for (const [i, pending] of results.entries()) {
    const n = numbers[i] as T;
    const result = await pending;
    if ('err' in result) {
      // One number alone fails as any command does: the error is the message.
      if (numbers.length === 1) throw result.err;
      const said = report(result.err, { debug: ctx.flags.debug });
      // An end that is no failure (a dry run stopping where the answer is needed) is said, not counted.
      if (said.code !== ExitCode.ok) failed.push({ n, err: result.err });
      for (const line of said.lines) ctx.io.stderr.write(`${line}\n`);
      continue;
    }
    const { outcome } = result;
    if (outcome.note) ctx.term.info(outcome.message);
    else ctx.term.success(outcome.message);
    if (outcome.record) records.push(outcome.record);
  }
  if (numbers.length === 1 && records.length === 1) await printRecord(ctx.io, ctx.output, records[0] as object, output.viewColumns);
  else if (numbers.length > 1 && !ctx.io.stdoutIsTTY && ctx.output.kind === 'view') {
    // For a script, a record has one shape however many numbers were given:
    // each one's `key<TAB>value` lines, as for one number, an empty line
    // between records (a value never holds a line break: it is escaped).
    for (const [i, record] of records.entries()) {
      if (i > 0) printText(ctx.io, '\n');
      await printRecord(ctx.io, ctx.output, record, output.viewColumns);
    }
  } else if (numbers.length > 1 && (records.length > 0 || ctx.output.kind !== 'view')) await printList(ctx.io, ctx.output, records, output.columns);
  if (failed.length === 0) return;
  throw new SeveralFailed(
    `${failed.length} of ${numbers.length} failed: ${failed.map((f) => show(f.n)).join(', ')}`,
    failed.map((f) => f.err),
    numbers.length,
  );
}
