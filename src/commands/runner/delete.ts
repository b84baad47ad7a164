// kettle runner delete ID [-R OWNER/NAME | --org ORG | --user | --global] [--yes]
import * as runners from '../../api/gitea/runners.js';
import type { Context } from '../../context/context.js';
import { ask } from '../../context/prompt.js';
import { UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { adminFailure } from '../site-admin.js';
import { failure } from '../failure.js';
import { requireRunners, runnerPlace } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  if (!/^\d+$/.test(opts.id) || !Number.isSafeInteger(Number(opts.id)) || Number(opts.id) < 1) {
    throw new UsageError(`a runner's id is a whole number (kettle runner list shows it), not "${opts.id}"`);
  }
  const id = Number(opts.id);
  const place = await runnerPlace(ctx, opts);
  const { where, scope } = place;
  const what = `runner ${id} of ${where}`;
  if (!opts.yes && !canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${what} without confirmation; pass --yes`);
  await requireRunners(place, 'deleting a runner');
  if (!opts.yes) {
    const typed = await ask(ctx.io, '--yes', { message: `Type ${id} to delete ${what}`, required: false });
    if (typed.trim() !== String(id)) throw new UsageError(`confirmation did not match ${id}; nothing was deleted`);
  }
  const api = await place.api();
  // shared/runners.go getRunnerByID: 404 alike for no such runner and one of another owner.
  const attempt = { action: `delete ${what}`, missing: what, ...(scope.kind === 'repo' ? { within: { api, repo: scope.repo } } : {}) };
  await runners.deleteRunner(api, scope, id).catch(scope.kind === 'global' ? adminFailure(attempt) : failure(attempt));
  ctx.term.success(`Deleted ${what}`);
}
