// kettle pr reopen NUMBER
import { target } from '../../context/target.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { prViewColumns } from './columns.js';
import { stateOf } from './show.js';
import { prNumber, readPull } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/close.js';

export type ReopenOptions = OptionsOf<typeof definition.reopen>;

export async function run(ctx: Context, opts: ReopenOptions): Promise<void> {
  const number = prNumber(opts.number);
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const { repo } = at;
  const api = await at.api();
  const what = `pull request #${number} in ${fullName(repo)}`;
  let pr = await readPull(api, repo, number);
  const state = stateOf(pr);
  if (state === 'merged') throw new KettleError(`cannot reopen ${what}: it is merged`);
  if (state === 'open' || state === 'draft') {
    ctx.term.info(`Pull request #${number} in ${fullName(repo)} is already open; nothing to do`);
  } else {
    pr = await pulls.edit(api, repo, number, { state: 'open' }).catch(failure({ action: `reopen ${what}`, missing: what }));
    ctx.term.success(`Reopened ${what}${webUrl(pr)}`);
  }
  await printRecord(ctx.io, ctx.output, pr, prViewColumns);
}
