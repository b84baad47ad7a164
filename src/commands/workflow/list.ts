// kettle workflow list
import { target } from '../../context/target.js';
import * as workflows from '../../api/gitea/workflows.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printList } from '../../output/printer.js';
import { failure } from '../failure.js';
import { connect, requireFeature } from '../runs.js';
import { workflowColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const at = await connect(await target(ctx, { repo: opts.repo }));
  requireFeature(at, 'workflows', 'workflow list');
  const name = fullName(at.repo);
  const list = await workflows.listWorkflows(at.api, at.repo).catch(failure({ action: `list the workflows of ${name}`, missing: `repository ${name}` }));
  await printList(ctx.io, ctx.output, list, workflowColumns, `No workflows in ${name}`);
}
