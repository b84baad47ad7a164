// What kettle milestone close and reopen share: the milestone's state, PATCHed
// when it differs (with its due date, which Gitea would otherwise erase);
// already in that state is a note and nothing is sent.
import { target } from '../../context/target.js';
import * as milestones from '../../api/gitea/milestones.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { resolveMilestone } from '../names.js';
import { columnsFor, keepDue, type OneOptions } from './shared.js';

export async function setState(ctx: Context, opts: OneOptions, state: 'open' | 'closed'): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const where = fullName(repo);
  const api = await at.api();
  const current = await resolveMilestone(api, repo, opts.milestone);
  const what = `milestone "${current.title}" in ${where}`;
  if (current.state === state) {
    ctx.term.info(`${what[0]?.toUpperCase()}${what.slice(1)} is already ${state}; nothing to do`);
    await printRecord(ctx.io, ctx.output, current, columnsFor(ctx).view);
    return;
  }
  const edited = await milestones.edit(api, repo, current.id, keepDue(current, { state })).catch(failure({ action: `${state === 'closed' ? 'close' : 'reopen'} ${what}`, missing: what }));
  ctx.term.success(`${state === 'closed' ? 'Closed' : 'Reopened'} ${what}`);
  await printRecord(ctx.io, ctx.output, edited, columnsFor(ctx).view);
}
