// kettle issue comment NUMBER... [--body TEXT | --body-file FILE|-] [--edit-last]
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import type { Comment } from '../../api/gitea/types.js';
import * as users from '../../api/gitea/users.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError } from '../../errors.js';
import { commentFailure, failure } from '../failure.js';
import { bodyOrEditor } from '../input.js';
import { forEachNumber, parseNumbers } from '../many.js';
import { commentColumns } from '../issue-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/comment.js';

export type CommentOptions = OptionsOf<typeof definition.comment>;

export async function run(ctx: Context, opts: CommentOptions): Promise<void> {
  const numbers = parseNumbers(opts.numbers);
  const at = await target(ctx, { repo: opts.repo, numbers: opts.numbers });
  const { repo } = at;
  const where = fullName(repo);
  const api = await at.api();
  const output = { columns: commentColumns, viewColumns: commentColumns };
  if (!opts.editLast) {
    const body = await bodyOrEditor(ctx, opts, 'COMMENT.md');
    await forEachNumber(
      ctx,
      api,
      numbers,
      async (number) => {
        const what = `issue #${number} in ${where}`;
        const comment = await issues.createComment(api, repo, number, { body }).catch(commentFailure(api, repo, number, what));
        return { record: comment, message: `Commented on ${what}${comment.html_url ? ` ${comment.html_url}` : ''}` };
      },
      output,
    );
    return;
  }
  // --edit-last: your last comment on each issue, found before the text is asked for.
  const me = await users.me(api);
  const lasts = new Map<number, Comment & { id: number }>();
  for (const number of numbers) {
    const what = `issue #${number} in ${where}`;
    const comments = await issues.listComments(api, repo, number).catch(failure({ action: `read the comments of ${what}`, missing: what, within: { api, repo } }));
    const mine = comments.filter((c): c is Comment & { id: number } => c.user?.login === me.login && typeof c.id === 'number');
    const last = mine[mine.length - 1];
    if (!last) throw new KettleError(`you have no comment on ${what} to edit; leave out --edit-last to add one`);
    lasts.set(number, last);
  }
  // The editor opens on the comment's text when there is only one to edit.
  const only = numbers.length === 1 ? lasts.get(numbers[0] as number) : undefined;
  const body = await bodyOrEditor(ctx, opts, 'COMMENT.md', only?.body ?? '');
  await forEachNumber(
    ctx,
    api,
    numbers,
    async (number) => {
      const what = `issue #${number} in ${where}`;
      const last = lasts.get(number) as Comment & { id: number };
      if (last.body === body) return { record: last, note: true, message: `Your last comment on ${what} already says that; nothing to do` };
      const comment = await issues.editComment(api, repo, last.id, { body }).catch(failure({ action: `edit your comment on ${what}`, missing: `your comment on ${what}` }));
      return { record: comment, message: `Edited your last comment on ${what}${comment.html_url ? ` ${comment.html_url}` : ''}` };
    },
    output,
  );
}
