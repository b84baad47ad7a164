// kettle secret list [--org ORG | --user]
import { target } from '../../context/target.js';
import * as secrets from '../../api/gitea/actions-secrets.js';
import type { Context } from '../../context/context.js';
import { KettleError } from '../../errors.js';
import { printListing } from '../listing.js';
import { secretColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const scope = await target(ctx, opts);
  const { where, missing } = scope;
  if (scope.kind === 'user') {
    // None of Gitea 1.23 to 1.26 or Forgejo 11 to 15 has GET /user/actions/secrets.
    throw new KettleError("no Gitea or Forgejo version lists a user's secrets; set and delete them by name (kettle secret set NAME --user)");
  }
  await printListing(ctx, opts, {
    noun: 'secrets',
    pages: (api, window, options) => secrets.listSecrets(api, scope, window, options),
    columns: secretColumns,
    empty: `No secrets in ${where}`,
    attempt: { action: `list the secrets of ${where}`, missing },
  });
}
