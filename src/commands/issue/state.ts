// What kettle issue close and kettle issue reopen share: for each number, read
// the issue; one already in that state is a note and nothing is sent;
// otherwise PATCH the state (after the comment, when closing with one).
import { target } from '../../context/target.js';
import * as issues from '../../api/gitea/issues.js';
import type { Issue } from '../../api/gitea/types.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { forEachNumber, parseNumbers } from '../many.js';
import { webUrl } from '../records.js';
import { afterSteps } from '../taken.js';
import { issueColumns, issueViewColumns } from '../issue-columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/state.js';

export type CloseOptions = OptionsOf<typeof definition.close>;

export async function setState(ctx: Context, opts: CloseOptions, state: issues.IssueState): Promise<void> {
  const numbers = parseNumbers(opts.numbers);
  const comment = opts.comment;
  if (comment !== undefined && comment.trim() === '') {
    throw new UsageError('--comment must not be empty');
  }
  const at = await target(ctx, { repo: opts.repo, numbers: opts.numbers });
  const { repo } = at;
  const api = await at.api();
  const verb = state === 'closed' ? 'close' : 'reopen';
  await forEachNumber(
    ctx,
    api,
    numbers,
    async (number) => {
      const what = `issue #${number} in ${fullName(repo)}`;
      const fail = failure({ action: `${verb} ${what}`, missing: what, within: { api, repo } });
      const current = await issues.get(api, repo, number).catch(fail);
      if (current.state === state) {
        return { record: current, note: true, message: `Issue #${number} in ${fullName(repo)} is already ${state}; nothing to do` };
      }
      if (comment !== undefined) await issues.createComment(api, repo, number, { body: comment }).catch(fail);
      const issue: Issue = await issues
        .setState(api, repo, number, state)
        .catch(fail)
        .catch((err: unknown) => {
          throw afterSteps(err, comment !== undefined ? ['comment'] : [], 'posted');
        });
      return { record: issue, message: `${state === 'closed' ? 'Closed' : 'Reopened'} ${what}${webUrl(issue)}` };
    },
    { columns: issueColumns, viewColumns: issueViewColumns },
  );
}
