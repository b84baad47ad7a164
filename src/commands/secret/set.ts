// kettle secret set NAME [--org ORG | --user] [--body-file FILE|-]
import * as secrets from '../../api/gitea/actions-secrets.js';
import type { Context } from '../../context/context.js';
import { checkValue, newName, type ScopeFlags, scopeOf } from '../actions-scope.js';
import { failure } from '../failure.js';
import { secretValue } from './value.js';

export interface SetOptions extends ScopeFlags {
  name: string;
  bodyFile: string | undefined;
}

export async function run(ctx: Context, opts: SetOptions): Promise<void> {
  const { scope, where, missing } = await scopeOf(ctx, opts);
  const name = await newName(ctx, 'secret', opts.name);
  const value = await secretValue(ctx, name, opts.bodyFile);
  await checkValue(ctx, 'secret', value);
  const api = await ctx.api();
  const created = await secrets.putSecret(api, scope, name, value).catch(failure({ action: `set secret ${name} of ${where}`, missing }));
  ctx.success(`${created ? 'Created' : 'Updated'} secret ${name} of ${where}`);
}
