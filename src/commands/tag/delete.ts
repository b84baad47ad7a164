// kettle tag delete TAG... [--yes]
import { target } from '../../context/target.js';
import * as branches from '../../api/gitea/branches.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { forEachName, uniqueNames } from '../many.js';
import { tagColumns, tagViewColumns } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const names = uniqueNames(opts.tags);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  if (!opts.yes) {
    const list = names.map((n) => `"${n}"`).join(', ');
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${names.length > 1 ? 'tags' : 'tag'} ${list} of ${where} without confirmation; pass --yes`);
    const expected = names.length === 1 ? (names[0] as string) : where;
    const message = names.length === 1 ? `Type ${expected} to delete the tag from ${where}` : `Type ${expected} to delete tags ${list}`;
    const typed = await ask(ctx.io, '--yes', { message, required: false });
    if (typed !== expected) throw new UsageError(`confirmation did not match ${expected}; nothing was deleted`);
  }
  const api = await at.api();
  await forEachName(
    ctx,
    api,
    names,
    async (name) => {
      const what = `tag "${name}" in ${where}`;
      // routers/api/v1/repo/tag.go DeleteTag: 409 for a tag a release is attached to (the server's line says so).
      await branches.deleteTag(api, repo, name).catch(failure({ action: `delete ${what}`, missing: what, within: { api, repo } }));
      return { message: `Deleted ${what}`, ...(ctx.output.kind !== 'view' ? { record: { name, deleted: true } } : {}) };
    },
    { columns: tagColumns, viewColumns: tagViewColumns },
  );
}
