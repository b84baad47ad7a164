// kettle variable delete NAME [--org ORG | --user] [--yes]
import { target } from '../../context/target.js';
import * as variables from '../../api/gitea/actions-secrets.js';
import type { Context } from '../../context/context.js';
import { confirmDelete, storedName } from '../actions-scope.js';
import { failure } from '../failure.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DeleteOptions = OptionsOf<typeof definitions.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const scope = await target(ctx, opts);
  const { where } = scope;
  const name = storedName('variable', opts.name);
  await confirmDelete(ctx, 'variable', name, where, opts.yes);
  const api = await scope.api();
  const what = `variable ${name} of ${where}`;
  await variables.deleteVariable(api, scope, name).catch(failure({ action: `delete ${what}`, missing: what, ...(scope.kind === 'repo' ? { within: { api, repo: scope.repo } } : {}) }));
  ctx.term.success(`Deleted ${what}`);
}
