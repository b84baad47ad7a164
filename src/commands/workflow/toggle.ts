// workflow enable / disable: the same request but for its last word.
import { target } from '../../context/target.js';
import * as workflows from '../../api/gitea/workflows.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { failure } from '../failure.js';
import { connect, requireFeature } from '../runs.js';
import { workflowState } from './columns.js';
import { checkFile } from './shared.js';

export async function toggle(ctx: Context, fileArg: string, repoFlag: string | undefined, enabled: boolean): Promise<void> {
  const file = checkFile(fileArg);
  const at = await connect(await target(ctx, { repo: repoFlag }));
  const verb = enabled ? 'enable' : 'disable';
  requireFeature(at, 'workflows', `workflow ${verb}`);
  const what = `workflow ${file} of ${fullName(at.repo)}`;
  const attempt = failure({ action: `${verb} ${what}`, missing: what, within: { api: at.api, repo: at.repo } });
  // Doing what is already done is a note, not a change to report: the servers answer 204 either way.
  const now = workflowState((await workflows.getWorkflow(at.api, at.repo, file).catch(attempt)).state);
  if (now === (enabled ? 'active' : 'disabled')) {
    ctx.term.info(`kettle: ${what} is already ${enabled ? 'enabled' : 'disabled'}; nothing was changed`);
    return;
  }
  await workflows.setWorkflowEnabled(at.api, at.repo, file, enabled).catch(attempt);
  ctx.term.success(`${enabled ? 'Enabled' : 'Disabled'} ${what}`);
}
