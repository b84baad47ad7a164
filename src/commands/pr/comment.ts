// kettle pr comment NUMBER [--body …]: pull request comments are issue comments.
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { commentFailure } from '../failure.js';
import { commentColumns } from '../issue-columns.js';
import { webUrl } from '../records.js';
import { prNumber } from './shared.js';
import { requiredBody } from './text.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/comment.js';

export type CommentOptions = OptionsOf<typeof definition.comment>;

export async function run(ctx: Context, opts: CommentOptions): Promise<void> {
  const number = prNumber(opts.number);
  const at = await target(ctx, { repo: opts.repo, numbers: opts.number, parentOfFork: true });
  const { repo } = at;
  const api = await at.api();
  const body = await requiredBody(ctx, opts, 'PULL_REQUEST_COMMENT.md');
  const what = `pull request #${number} in ${fullName(repo)}`;
  const comment = await issues.createComment(api, repo, number, { body }).catch(commentFailure(api, repo, number, what));
  ctx.term.success(`Commented on ${what}${webUrl(comment)}`);
  await printRecord(ctx.io, ctx.output, comment, commentColumns);
}
