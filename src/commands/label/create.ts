// kettle label create NAME --color HEX [--description TEXT] [--exclusive]
import { target } from '../../context/target.js';
import * as labels from '../../api/gitea/labels.js';
import type { CreateLabelOption } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { labelColumns } from './columns.js';
import { parseColor, repoLabels } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type CreateOptions = OptionsOf<typeof definitions.create>;

export async function run(ctx: Context, opts: CreateOptions): Promise<void> {
  const name = opts.name.trim();
  if (name === '') throw new UsageError('the label name must not be empty');
  if (opts.color === undefined) throw new UsageError('--color is required, such as --color d73a4a');
  const body: CreateLabelOption = { name, color: parseColor(opts.color) };
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.exclusive) body.exclusive = true;
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const api = await at.api();
  const where = fullName(repo);
  // routers/api/v1/repo/label.go CreateLabel checks no name: a second label of
  // the same name would make every by-name command ambiguous from then on.
  const same = (await repoLabels(api, repo)).filter((l) => l.name.toLowerCase() === name.toLowerCase());
  if (same.length > 0) {
    const shown = same.map((l) => `"${l.name}" (id ${l.id})`).join(', ');
    throw new KettleError(`${where} already has the label ${shown}; nothing was created: change it with \`kettle label edit ${JSON.stringify(same[0]?.name ?? name)} -R ${where}\``);
  }
  const label = await labels.create(api, repo, body).catch(failure({ action: `create label "${name}" in ${where}`, missing: `repository ${where}` }));
  ctx.term.success(`Created label "${String(label.name)}" in ${where}`);
  await printRecord(ctx.io, ctx.output, label, labelColumns);
}
