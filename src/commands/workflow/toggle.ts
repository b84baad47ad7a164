// workflow enable / disable: the same request but for its last word.
import * as actions from '../../api/gitea/actions.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { failure } from '../failure.js';
import { place, requireFeature } from '../run/target.js';
import { checkFile } from './shared.js';

export async function toggle(ctx: Context, fileArg: string, repoFlag: string | undefined, enabled: boolean): Promise<void> {
  const file = checkFile(fileArg);
  const at = await place(ctx, repoFlag);
  const verb = enabled ? 'enable' : 'disable';
  requireFeature(at, 'workflows', `workflow ${verb}`);
  const what = `workflow ${file} of ${fullName(at.repo)}`;
  await actions.setWorkflowEnabled(at.api, at.repo, file, enabled).catch(failure({ action: `${verb} ${what}`, missing: what, within: { api: at.api, repo: at.repo } }));
  ctx.success(`${enabled ? 'Enabled' : 'Disabled'} ${what}`);
}
