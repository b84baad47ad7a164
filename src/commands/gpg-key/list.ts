// kettle gpg-key list
import * as keys from '../../api/gitea/keys.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { gpgKeyColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  await printListing(ctx, opts, {
    noun: 'GPG keys',
    pages: (api, window, options) => keys.listGpgKeys(api, window, options),
    columns: gpgKeyColumns,
    empty: 'No GPG keys on your account',
    attempt: { action: 'list your GPG keys' },
  });
}
