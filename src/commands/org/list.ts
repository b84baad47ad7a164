// kettle org list
import type { Opts } from '../../cli.js';
import type { Context } from '../../context/context.js';
import { listAndPrint } from '../common.js';
import { orgColumns } from './columns.js';

export async function run(ctx: Context, _args: string[], opts: Opts): Promise<void> {
  await listAndPrint(ctx, opts, '/user/orgs', {}, orgColumns, 'You are not a member of any organization');
}
