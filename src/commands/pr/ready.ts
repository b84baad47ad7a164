// kettle pr ready [NUMBER] [--undo]: Gitea and Forgejo mark a draft by a
// "WIP:" or "[WIP]" title prefix, so ready removes it and --undo adds "WIP: ".
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { prViewColumns } from './columns.js';
import { isDraft, undrafted } from './show.js';
import { readPull, resolvePull } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/ready.js';

export type ReadyOptions = OptionsOf<typeof definition.ready>;

export async function run(ctx: Context, opts: ReadyOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const api = await at.api();
  const { repo } = at;
  const { number } = await resolvePull(ctx, api, at, opts.number);
  const what = `pull request #${number} in ${fullName(repo)}`;
  let pr = await readPull(api, repo, number);
  const title = pr.title ?? '';
  const draft = isDraft(pr);
  if (draft === opts.undo) {
    ctx.term.info(`Pull request #${number} in ${fullName(repo)} is ${draft ? 'already a draft' : 'already ready for review'}; nothing to do`);
  } else {
    const next = opts.undo ? `WIP: ${title}` : undrafted(title);
    pr = await pulls.edit(api, repo, number, { title: next }).catch(failure({ action: `edit ${what}`, missing: what }));
    ctx.term.success(opts.undo ? `Marked ${what} as a draft${webUrl(pr)}` : `Marked ${what} as ready for review${webUrl(pr)}`);
  }
  await printRecord(ctx.io, ctx.output, pr, prViewColumns);
}
