// kettle variable list [--org ORG | --user]
import { target } from '../../context/target.js';
import * as variables from '../../api/gitea/actions-secrets.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { variableColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const scope = await target(ctx, opts);
  const { where, missing } = scope;
  await printListing(ctx, opts, {
    noun: 'variables',
    pages: (api, window, options) => variables.listVariables(api, scope, window, options),
    columns: variableColumns,
    empty: `No variables in ${where}`,
    attempt: { action: `list the variables of ${where}`, missing },
  });
}
