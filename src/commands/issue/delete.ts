// kettle issue delete NUMBER... [--yes]
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { forEachNumber, parseNumbers } from '../many.js';
import { issueColumns, issueViewColumns } from '../issue-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const numbers = parseNumbers(opts.numbers);
  const at = await target(ctx, { repo: opts.repo, numbers: opts.numbers });
  const { repo } = at;
  const where = fullName(repo);
  if (!opts.yes) {
    const list = numbers.map((n) => `#${n}`).join(', ');
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${numbers.length > 1 ? 'issues' : 'issue'} ${list} of ${where} without confirmation; pass --yes`);
    // One issue: its full reference; several: the repository's name, once.
    const expected = numbers.length === 1 ? `${where}#${numbers[0] as number}` : where;
    const message = numbers.length === 1 ? `Type ${expected} to delete the issue for good` : `Type ${expected} to delete issues ${list} for good`;
    const typed = await ask(ctx.io, '--yes', { message, required: false });
    if (typed !== expected) throw new UsageError(`confirmation did not match ${expected}; nothing was deleted`);
  }
  const api = await at.api();
  await forEachNumber(
    ctx,
    api,
    numbers,
    async (number) => {
      const what = `issue #${number} in ${where}`;
      await issues.delete(api, repo, number).catch(failure({ action: `delete ${what}`, missing: what, within: { api, repo } }));
      // The server answers a deletion with nothing; --json still gets one record a number.
      return { message: `Deleted ${what}`, ...(ctx.output.kind !== 'view' ? { record: { number, deleted: true } } : {}) };
    },
    { columns: issueColumns, viewColumns: issueViewColumns },
  );
}
