// kettle hook test ID [-R OWNER/NAME]
//
// The servers answer 204 whether or not a delivery was made
// (routers/api/v1/repo/hook.go TestHook; services/webhook PrepareWebhook and
// deliver): nothing for a repository without commits; on Gitea, and on
// Forgejo before 14.0.2, nothing for a hook without the push event or whose
// branch filter leaves out the default branch; and an inactive hook's
// delivery is recorded but never sent. kettle reads the hook and the
// repository first and says which of these applies.
import { target } from '../../context/target.js';
import * as hooks from '../../api/gitea/hooks.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { atLeast } from '../../context/server.js';
import { KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { branchPasses } from './branch-filter.js';
import { eventRules, switchesShown } from './events.js';
import { get, hookFailure, parseHookId, whose } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/test.js';

export type TestOptions = OptionsOf<typeof definition.test>;

export async function run(ctx: Context, opts: TestOptions): Promise<void> {
  const id = parseHookId(opts.id);
  if (opts.org !== undefined) {
    throw new UsageError('Gitea and Forgejo have no test delivery for organization webhooks; test a repository webhook with -R OWNER/NAME');
  }
  const t = await target(ctx, whose(opts));
  if (t.kind !== 'repo') throw new UsageError('hook test works on repository webhooks only');
  const api = await t.api();
  const action = `test webhook ${id} of ${t.name}`;
  const repo = await repos.get(api, t.repo).catch(failure({ action, missing: `repository ${t.name}` }));
  const hook = await get(api, t, id).catch(hookFailure(api, t, action, id));
  const info = await ctx.server();
  const server = eventRules(info).server;
  const none = `no test delivery of webhook ${id} of ${t.name}`;
  if (repo.empty === true) throw new KettleError(`${none}: ${t.name} has no commits, and ${server} sends a test (the latest push) only from a repository that has some`);
  const branch = repo.default_branch ?? 'main';
  // Forgejo 14.0.2 and later deliver a test whatever the hook's events and branch filter.
  const always = atLeast(info, 'forgejo', '14.0.2');
  if (!always && !switchesShown(hook.events ?? []).has('push')) {
    throw new KettleError(
      `${none}: it does not listen for push events, and ${server} sends a test (a push) only to a webhook that does; add the event with \`kettle hook edit ${id} -R ${t.name} --add-event push\``,
    );
  }
  const filter = hook.branch_filter ?? '';
  if (!always && !branchPasses(filter, branch, atLeast(info, 'gitea', '1.25'))) {
    throw new KettleError(`${none}: its branch filter "${filter}" leaves out the default branch ${branch}, which the test pushes`);
  }
  await hooks.test(api, t.repo, id).catch(hookFailure(api, t, action, id));
  if (hook.active !== true) {
    throw new KettleError(
      `${server} recorded a test delivery for webhook ${id} of ${t.name} but sends nothing: the webhook is inactive (switch it on with \`kettle hook edit ${id} -R ${t.name} --active\`)`,
    );
  }
  ctx.term.success(`Queued a test delivery (the latest commit on ${branch}) to webhook ${id} of ${t.name}; the webhook's settings page shows whether it arrived`);
}
