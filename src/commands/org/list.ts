// kettle org list
import type { Context } from '../../context/context.js';
import { listAndPrint } from '../common.js';
import { orgColumns } from './columns.js';
import type { ListOptions } from './index.js';

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  await listAndPrint(ctx, opts, '/user/orgs', {}, orgColumns, 'You are not a member of any organization');
}
