// kettle secret delete NAME [--org ORG | --user] [--yes]
import { target } from '../../context/target.js';
import * as secrets from '../../api/gitea/actions-secrets.js';
import type { Context } from '../../context/context.js';
import { confirmDelete, storedName } from '../actions-scope.js';
import { failure } from '../failure.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const scope = await target(ctx, opts);
  const { where } = scope;
  const name = storedName('secret', opts.name);
  await confirmDelete(ctx, 'secret', name, where, opts.yes);
  const api = await scope.api();
  // DeleteSecret answers 404 alike for a missing secret and a missing repository or organization.
  const what = `secret ${name} of ${where}`;
  await secrets.deleteSecret(api, scope, name).catch(failure({ action: `delete ${what}`, missing: what, ...(scope.kind === 'repo' ? { within: { api, repo: scope.repo } } : {}) }));
  ctx.term.success(`Deleted ${what}`);
}
