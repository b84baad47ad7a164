// kettle runner token [-R OWNER/NAME | --org ORG | --user | --global]
import * as features from '../../api/gitea/actions-features.js';
import * as runners from '../../api/gitea/runners.js';
import type { Context } from '../../context/context.js';
import { atLeast, describeServer } from '../../context/server.js';
import { ApiError, KettleError } from '../../errors.js';
import { printValue } from '../../output/printer.js';
import { adminFailure } from '../site-admin.js';
import { failure } from '../failure.js';
import { runnerPlace } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type TokenOptions = OptionsOf<typeof definitions.token>;

export async function run(ctx: Context, opts: TokenOptions): Promise<void> {
  const place = await runnerPlace(ctx, opts);
  const { where, missing, scope } = place;
  const info = await place.server();
  const api = await place.api();
  if (atLeast(info, 'forgejo', '15')) {
    // Forgejo 15 makes each runner on the server (web page, or POST …/actions/runners: shared/runners.go
    // RegisterRunner) and hands the runner its UUID and token (templates/shared/actions/runner_setup.tmpl).
    throw new KettleError(
      `${describeServer(info)} registers runners directly, without a registration token: create the runner on the web page (Settings, Actions, Runners, Create new runner), then start it with \`forgejo-runner daemon --url ${new URL(api.root).origin} --uuid UUID --token-url file:///path/to/runner-token\``,
    );
  }
  const attempt = { action: `get a runner registration token for ${where}`, missing };
  const fail = scope.kind === 'global' ? adminFailure(attempt) : failure(attempt);
  const known = info.version !== '';
  // Gitea 1.24 added the POST and 1.26 dropped the GET; a server that does not say its version is asked the newer way first.
  const post = known ? features.offers(info, 'runnerTokenPost') : true;
  const token = await runners.registrationToken(api, scope, post).catch(async (err: unknown) => {
    if (!known && err instanceof ApiError && (err.status === 404 || err.status === 405)) return runners.registrationToken(api, scope, false).catch(fail);
    return fail(err);
  });
  printValue(ctx.io, token);
}
