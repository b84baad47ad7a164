// kettle hook test ID [-R OWNER/NAME]
import * as hooks from '../../api/gitea/hooks.js';
import type { Context } from '../../context/context.js';
import { UsageError } from '../../errors.js';
import type { TestOptions } from './index.js';
import { hookFailure, parseHookId, targetOf } from './target.js';

export async function run(ctx: Context, opts: TestOptions): Promise<void> {
  const id = parseHookId(opts.id);
  if (opts.org !== undefined) {
    throw new UsageError('Gitea and Forgejo have no test delivery for organization webhooks; test a repository webhook with -R OWNER/NAME');
  }
  const t = await targetOf(ctx, opts);
  if (t.kind !== 'repo') throw new UsageError('hook test works on repository webhooks only');
  const api = await ctx.api();
  await hooks.test(api, t.repo, id).catch(hookFailure(api, t, `test webhook ${id} of ${t.name}`, id));
  ctx.success(`Sent a test delivery to webhook ${id} of ${t.name}`);
}
