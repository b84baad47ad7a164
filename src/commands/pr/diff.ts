// kettle pr diff [NUMBER] [--patch] [--name-only]: the server's diff, byte for
// byte when piped, coloured and paged on a terminal; streamed as it arrives.
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { Context } from '../../context/context.js';
import { pagerFailure, startPager } from '../../context/pager.js';
import { fullName } from '../../context/repo.js';
import { KettleError } from '../../errors.js';
import { plainText } from '../../output/cells.js';
import { visibleControls } from '../../text/controls.js';
import { failure } from '../failure.js';
import { resolvePull } from './shared.js';
import { lines, write } from '../../output/stream.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/diff.js';

export type DiffOptions = OptionsOf<typeof definition.diff>;

const PAINT: Array<[RegExp, string]> = [
  [/^(diff --git |index |--- |\+\+\+ |new file mode|deleted file mode|similarity index|rename (from|to) |old mode|new mode)/, '\u001b[1m'],
  [/^@@/, '\u001b[36m'],
  [/^\+/, '\u001b[32m'],
  [/^-/, '\u001b[31m'],
];

/** One line (without its newline) coloured as git colours a diff. */
export function colourLine(line: string): string {
  for (const [pattern, code] of PAINT) {
    if (pattern.test(line)) return `${code}${line}\u001b[0m`;
  }
  return line;
}

/** The path a `diff --git a/X b/Y` header names (the new one). */
export function changedPath(line: string): string | undefined {
  const m = /^diff --git "?a\/(.*?)"? "?b\/(.*?)"?$/.exec(line);
  return m?.[2];
}

export async function run(ctx: Context, opts: DiffOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const api = await at.api();
  const { number } = await resolvePull(ctx, api, at, opts.number);
  const what = `pull request #${number} in ${fullName(at.repo)}`;
  const body = await pulls.diffStream(api, at.repo, number, opts.patch ? 'patch' : 'diff').catch(failure({ action: `read the changes of ${what}`, missing: what, within: { api, repo: at.repo } }));
  const tty = ctx.io.stdoutIsTTY;
  const paged = tty && !opts.nameOnly ? await startPager(ctx.io) : { out: ctx.io.stdout, closed: () => false, finish: async () => 0, command: undefined };
  let code: number | null = 0;
  try {
    if (opts.nameOnly) {
      for await (const line of lines(body)) {
        const path = changedPath(line);
        if (path !== undefined) await write(paged.out, `${tty ? visibleControls(path) : plainText(path)}\n`);
      }
    } else if (tty) {
      // On a terminal the changed text's own control characters are shown, not obeyed.
      for await (const line of lines(body)) {
        if (paged.closed()) break;
        const shown = visibleControls(line);
        await write(paged.out, `${ctx.io.color ? colourLine(shown) : shown}\n`);
      }
    } else {
      // Byte for byte, as it arrives.
      for await (const chunk of body) {
        if (paged.closed()) break;
        await write(paged.out, chunk);
      }
    }
  } catch (err) {
    throw new KettleError(`the connection failed while reading the changes of ${what}: ${(err as Error).message}`);
  } finally {
    if (paged.closed()) (body as unknown as { destroy?: () => void }).destroy?.();
    code = await paged.finish();
  }
  // The diff streamed into the pager and is not kept: a pager that failed showed nothing, and that is a failure.
  const failed = paged.command === undefined ? undefined : pagerFailure(paged.command, code);
  if (failed) throw new KettleError(`${failed}, so the changes were not shown; set KETTLE_PAGER, or KETTLE_PAGER= for none`);
}
