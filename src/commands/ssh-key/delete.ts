// kettle ssh-key delete ID... [--yes]
import * as keys from '../../api/gitea/keys.js';
import type { Context } from '../../context/context.js';
import { failure } from '../failure.js';
import { deleteKeys, parseIds } from '../keys.js';
import type { DeleteOptions } from './index.js';

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const ids = parseIds(opts.ids, 'SSH key');
  await deleteKeys(ctx, ids, opts.yes, 'SSH key', async (id) => {
    const api = await ctx.api();
    await keys.deleteSshKey(api, id).catch(failure({ action: `delete SSH key ${id}`, missing: `SSH key ${id}` }));
  });
}
