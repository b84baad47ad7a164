// kettle label edit NAME [--name NEW] [--color HEX] [--description TEXT] [--exclusive | --not-exclusive]
import { target } from '../../context/target.js';
import * as labels from '../../api/gitea/labels.js';
import type { EditLabelOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { labelColumns } from './columns.js';
import { findLabel, parseColor, repoLabels } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type EditOptions = OptionsOf<typeof definitions.edit>;

export async function run(ctx: Context, opts: EditOptions): Promise<void> {
  if (opts.exclusive && opts.notExclusive) throw new UsageError('use either --exclusive or --not-exclusive, not both');
  if (opts.name !== undefined && opts.name.trim() === '') throw new UsageError('--name must not be empty');
  const color = opts.color === undefined ? undefined : parseColor(opts.color);
  if (opts.name === undefined && color === undefined && opts.description === undefined && !opts.exclusive && !opts.notExclusive) {
    throw new UsageError('nothing to change: pass --name, --color, --description, --exclusive or --not-exclusive');
  }
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const api = await at.api();
  const all = await repoLabels(api, repo);
  const label = await findLabel(api, repo, opts.label, all);
  // routers/api/v1/repo/label.go EditLabel checks no name either: a rename onto another label's name would make two.
  const newName = opts.name?.trim();
  const taken = newName === undefined ? [] : all.filter((l) => l.id !== label.id && l.name.toLowerCase() === newName.toLowerCase());
  if (taken.length > 0) {
    throw new KettleError(`${where} already has the label ${taken.map((l) => `"${l.name}" (id ${l.id})`).join(', ')}; label "${label.name}" was not renamed`);
  }
  const changes: EditLabelOption = {};
  if (opts.name !== undefined && opts.name.trim() !== label.name) changes.name = opts.name.trim();
  if (color !== undefined && color.slice(1) !== (label.color ?? '').replace(/^#/, '').toLowerCase()) changes.color = color;
  if (opts.description !== undefined && opts.description !== (label.description ?? '')) changes.description = opts.description;
  if (opts.exclusive && label.exclusive !== true) changes.exclusive = true;
  if (opts.notExclusive && label.exclusive === true) changes.exclusive = false;
  if (Object.keys(changes).length === 0) {
    ctx.term.info(`Label "${label.name}" in ${where} already is as asked; nothing was sent`);
    await printRecord(ctx.io, ctx.output, label, labelColumns);
    return;
  }
  // routers/api/v1/repo/label.go EditLabel sets the archived state from is_archived
  // whether or not it is sent (absent: not archived): send it as it is.
  changes.is_archived = label.is_archived === true;
  const what = `label "${label.name}" in ${where}`;
  const edited = await labels.edit(api, repo, label.id, changes).catch(failure({ action: `edit ${what}`, missing: what }));
  ctx.term.success(`Edited ${what}`);
  await printRecord(ctx.io, ctx.output, edited, labelColumns);
}
