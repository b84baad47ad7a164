// kettle pr close NUMBER [--comment TEXT] [--delete-branch]
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import * as pulls from '../../api/gitea/pulls.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { webUrl } from '../records.js';
import { afterSteps } from '../taken.js';
import { prViewColumns } from './columns.js';
import { deleteHeadBranch } from './branches.js';
import { stateOf } from './show.js';
import { prNumber, readPull } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/close.js';

export type CloseOptions = OptionsOf<typeof definition.close>;

export async function run(ctx: Context, opts: CloseOptions): Promise<void> {
  const number = prNumber(opts.number);
  if (opts.comment !== undefined && opts.comment.trim() === '') throw new UsageError('--comment must not be empty');
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const { repo } = at;
  const api = await at.api();
  const what = `pull request #${number} in ${fullName(repo)}`;
  let pr = await readPull(api, repo, number);
  const state = stateOf(pr);
  if (state === 'closed' || state === 'merged') {
    ctx.term.info(`Pull request #${number} in ${fullName(repo)} is already ${state}; nothing to do`);
  } else {
    if (opts.comment !== undefined) {
      await issues.createComment(api, repo, number, { body: opts.comment }).catch(failure({ action: `comment on ${what}`, missing: what }));
    }
    pr = await pulls
      .edit(api, repo, number, { state: 'closed' })
      .catch(failure({ action: `close ${what}`, missing: what }))
      .catch((err: unknown) => {
        throw afterSteps(err, opts.comment !== undefined ? ['comment'] : [], 'posted');
      });
    ctx.term.success(`Closed ${what}${webUrl(pr)}`);
  }
  if (opts.deleteBranch) await deleteHeadBranch(ctx, api, repo, pr);
  await printRecord(ctx.io, ctx.output, pr, prViewColumns);
}
