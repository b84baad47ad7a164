// kettle gpg-key delete ID... [--yes]
import * as keys from '../../api/gitea/keys.js';
import type { Context } from '../../context/context.js';
import { failure } from '../failure.js';
import { deleteKeys, parseIds } from '../keys.js';
import type { DeleteOptions } from './index.js';

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const ids = parseIds(opts.ids, 'GPG key');
  await deleteKeys(ctx, ids, opts.yes, 'GPG key', async (id) => {
    const api = await ctx.api();
    await keys.deleteGpgKey(api, id).catch(failure({ action: `delete GPG key ${id}`, missing: `GPG key ${id}` }));
  });
}
