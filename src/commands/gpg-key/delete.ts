// kettle gpg-key delete ID... [--yes]
import * as keys from '../../api/gitea/keys.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { KettleError } from '../../errors.js';
import { failure } from '../failure.js';
import { deleteKeys, parseIds } from '../keys.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const ids = parseIds(opts.ids, 'GPG key');
  const api = await ctx.api();
  // models/asymkey/gpg_key.go DeleteGPGKey answers 204 for a key that is not the user's (or not there at all):
  // only the ids found among the user's keys are deleted, so none is reported deleted that was not.
  const known = new Set<number>();
  await (async () => {
    for await (const page of keys.listGpgKeys(api, pageWindow({ all: true }))) for (const k of page) known.add(k.id);
  })().catch(failure({ action: 'list your GPG keys' }));
  await deleteKeys(ctx, ids, opts.yes, { one: (id) => `GPG key ${id}`, many: 'GPG keys' }, async (id) => {
    if (!known.has(id)) throw new KettleError(`GPG key ${id} not found`);
    await keys.deleteGpgKey(api, id).catch(failure({ action: `delete GPG key ${id}`, missing: `GPG key ${id}` }));
  });
}
