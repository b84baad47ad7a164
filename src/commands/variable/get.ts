// kettle variable get NAME [--org ORG | --user]
import * as variables from '../../api/gitea/actions-secrets.js';
import type { Context } from '../../context/context.js';
import { visibleControls } from '../../text/controls.js';
import { printRecord } from '../../output/printer.js';
import { scopeOf, storedName } from '../actions-scope.js';
import { failure } from '../failure.js';
import { variableColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type GetOptions = OptionsOf<typeof definitions.get>;

export async function run(ctx: Context, opts: GetOptions): Promise<void> {
  const { scope, where } = await scopeOf(ctx, opts);
  const name = storedName('variable', opts.name);
  const api = await ctx.api();
  const what = `variable ${name} of ${where}`;
  const variable = await variables.getVariable(api, scope, name).catch(failure({ action: `read ${what}`, missing: what, ...(scope.kind === 'repo' ? { within: { api, repo: scope.repo } } : {}) }));
  if (ctx.flags.json || ctx.flags.jq) {
    await printRecord(ctx.io, ctx.flags, variable, variableColumns);
    return;
  }
  // The value alone, as stored, for $(kettle variable get NAME); a terminal sees control characters made visible.
  const value = typeof variable.data === 'string' ? variable.data : '';
  ctx.io.stdout.write(`${ctx.io.stdoutIsTTY ? visibleControls(value) : value}\n`);
}
