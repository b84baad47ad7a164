// kettle package delete TYPE NAME VERSION [--owner OWNER] [--yes]
import * as packages from '../../api/gitea/packages.js';
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { failure } from '../failure.js';
import { ownerOf, packageName } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  if (!opts.yes && !canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${opts.type} package ${opts.name} ${opts.version} without confirmation; pass --yes`);
  const { api, owner } = await ownerOf(ctx, opts.owner);
  const ref = { owner, type: opts.type, name: opts.name };
  const what = packageName(ref, opts.version);
  if (!opts.yes) {
    const typed = await ask(ctx.io, '--yes', { message: `Type ${opts.version} to delete ${what}`, required: false });
    if (typed.trim() !== opts.version) throw new UsageError(`confirmation did not match ${opts.version}; nothing was deleted`);
  }
  // DeletePackage (DeletePackageVersion from Gitea 1.26) answers 404 alike for a missing owner, package or version.
  await packages.deletePackage(api, ref, opts.version).catch(failure({ action: `delete ${what}`, missing: what }));
  ctx.term.success(`Deleted ${what}`);
}
