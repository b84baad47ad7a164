// kettle milestone edit NAME|NUMBER [--title TEXT] [--description TEXT] [--due DATE]
import { target } from '../../context/target.js';
import * as milestones from '../../api/gitea/milestones.js';
import type { EditMilestoneOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { parseDate } from '../dates.js';
import { failure } from '../failure.js';
import { resolveMilestone } from '../names.js';
import { columnsFor, keepDue, sameDue } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/edit.js';

export type EditOptions = OptionsOf<typeof definition.edit>;

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  if (opts.title !== undefined && opts.title.trim() === '') throw new UsageError('--title must not be empty');
  const due = opts.due === undefined ? undefined : parseDate(opts.due, '--due', 'end');
  if (opts.title === undefined && opts.description === undefined && due === undefined) {
    throw new UsageError('nothing to change: pass --title, --description or --due');
  }
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const api = await at.api();
  const current = await resolveMilestone(api, repo, opts.milestone);
  const changes: EditMilestoneOption = {};
  if (opts.title !== undefined && opts.title.trim() !== current.title) changes.title = opts.title.trim();
  if (opts.description !== undefined && opts.description !== (current.description ?? '')) changes.description = opts.description;
  if (due !== undefined && !(await sameDue(ctx, current, due))) changes.due_on = due;
  if (Object.keys(changes).length === 0) {
    ctx.term.info(`Milestone "${current.title}" in ${where} already is as asked; nothing was sent`);
    await printRecord(ctx.io, ctx.output, current, columnsFor(ctx).view);
    return;
  }
  const what = `milestone "${current.title}" in ${where}`;
  const edited = await milestones.edit(api, repo, current.id, keepDue(current, changes)).catch(failure({ action: `edit ${what}`, missing: what }));
  ctx.term.success(`Edited ${what}`);
  await printRecord(ctx.io, ctx.output, edited, columnsFor(ctx).view);
}
