// kettle variable get NAME [--org ORG | --user]
import { target } from '../../context/target.js';
import * as variables from '../../api/gitea/actions-secrets.js';
import type { Context } from '../../context/context.js';
import { printRecord, printValue } from '../../output/printer.js';
import { storedName } from '../actions-scope.js';
import { failure } from '../failure.js';
import { variableColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type GetOptions = OptionsOf<typeof definitions.get>;

export async function run(ctx: Context, opts: GetOptions): Promise<void> {
  const scope = await target(ctx, opts);
  const { where } = scope;
  const name = storedName('variable', opts.name);
  const api = await scope.api();
  const what = `variable ${name} of ${where}`;
  const variable = await variables.getVariable(api, scope, name).catch(failure({ action: `read ${what}`, missing: what, ...(scope.kind === 'repo' ? { within: { api, repo: scope.repo } } : {}) }));
  if (ctx.output.kind !== 'view') {
    await printRecord(ctx.io, ctx.output, variable, variableColumns);
    return;
  }
  // The value alone, as stored, for $(kettle variable get NAME); a terminal sees control characters made visible.
  const value = typeof variable.data === 'string' ? variable.data : '';
  printValue(ctx.io, value);
}
