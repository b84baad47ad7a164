// kettle ssh-key delete ID... [-R OWNER/NAME] [--yes]
import { target } from '../../context/target.js';
import * as keys from '../../api/gitea/keys.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { KettleError } from '../../errors.js';
import { failure } from '../failure.js';
import { deleteKeys, parseIds } from '../keys.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  if (opts.repo === undefined) {
    const ids = parseIds(opts.ids, 'SSH key');
    await deleteKeys(ctx, ids, opts.yes, { one: (id) => `SSH key ${id}`, many: 'SSH keys' }, async (id) => {
      const api = await ctx.api();
      await keys.deleteSshKey(api, id).catch(failure({ action: `delete SSH key ${id}`, missing: `SSH key ${id}` }));
    });
    return;
  }
  const ids = parseIds(opts.ids, 'deploy key');
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const api = await at.api();
  // models/repo.go DeleteDeployKey answers 204 for an id that is no deploy key, and deletes one of
  // another repository the user administers whatever the path says: only ids found here are deleted.
  const known = new Set<number>();
  const pages = keys.listDeployKeys(api, repo, pageWindow({ all: true }));
  const attempt = { action: `list the deploy keys of ${name}`, missing: `repository ${name}` };
  await (async () => {
    for await (const page of pages) for (const k of page) known.add(k.id);
  })().catch(failure(attempt));
  await deleteKeys(ctx, ids, opts.yes, { one: (id) => `deploy key ${id} of ${name}`, many: `deploy keys of ${name}` }, async (id) => {
    if (!known.has(id)) throw new KettleError(`deploy key ${id} of ${name} not found`);
    await keys.deleteDeployKey(api, repo, id).catch(failure({ action: `delete deploy key ${id} of ${name}`, missing: `deploy key ${id} of ${name}` }));
  });
}
