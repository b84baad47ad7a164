// kettle repo sync [OWNER/NAME]: a mirror fetches from its source now.
import { target } from '../../context/target.js';
import * as settings from '../../api/gitea/repo-settings.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { ApiError } from '../../errors.js';
import { failure } from '../failure.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/sync.js';

export type SyncOptions = OptionsOf<typeof definition.sync>;

export async function run(ctx: Context, opts: SyncOptions): Promise<void> {
  const at = await target(ctx, { ownerName: opts.ownerName, repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const api = await at.api();
  await settings.mirrorSync(api, repo).catch((err: unknown) => {
    // routers/api/v1/repo/mirror.go MirrorSync: 400 "Repository is not a mirror".
    if (err instanceof ApiError && err.status === 400) {
      throw err.withMessage(/not a mirror/i.test(err.serverMessage ?? '') ? `cannot sync ${name}: it is not a mirror` : `cannot sync ${name}: ${err.serverMessage ?? 'HTTP 400'}`);
    }
    return failure({ action: `sync ${name}`, missing: `repository ${name}` })(err);
  });
  ctx.term.success(`Asked ${name} to fetch from its source; the server syncs it in the background`);
}
