// kettle milestone create TITLE [--description TEXT] [--due DATE]
import { target } from '../../context/target.js';
import * as milestones from '../../api/gitea/milestones.js';
import type { CreateMilestoneOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { parseDate } from '../dates.js';
import { failure } from '../failure.js';
import { columnsFor } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/create.js';

export type CreateOptions = OptionsOf<typeof definition.create>;

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const title = opts.title.trim();
  if (title === '') throw new UsageError('the milestone title must not be empty');
  const body: CreateMilestoneOption = { title };
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.due !== undefined) body.due_on = parseDate(opts.due, '--due', 'end');
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const api = await at.api();
  const where = fullName(repo);
  const made = await milestones.create(api, repo, body).catch(failure({ action: `create milestone "${title}" in ${where}`, missing: `repository ${where}` }));
  ctx.term.success(`Created milestone "${String(made.title)}" in ${where}`);
  await printRecord(ctx.io, ctx.output, made, columnsFor(ctx).view);
}
