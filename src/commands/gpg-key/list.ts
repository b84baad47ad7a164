// kettle gpg-key list
import * as keys from '../../api/gitea/keys.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { gpgKeyColumns } from './columns.js';
import type { ListFlags } from '../../spec/flags.js';

export type ListOptions = ListFlags;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  await printListing(ctx, opts, {
    noun: 'GPG keys',
    pages: (api, window, options) => keys.listGpgKeys(api, window, options),
    columns: gpgKeyColumns,
    empty: 'No GPG keys on your account',
    attempt: { action: 'list your GPG keys' },
  });
}
