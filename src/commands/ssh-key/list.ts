// kettle ssh-key list
import * as keys from '../../api/gitea/keys.js';
import type { Context } from '../../context/context.js';
import { printListing } from '../listing.js';
import { sshKeyColumns } from './columns.js';
import type { ListOptions } from './index.js';

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  await printListing(ctx, opts, {
    noun: 'SSH keys',
    pages: (api, window, options) => keys.listSshKeys(api, window, options),
    columns: sshKeyColumns,
    empty: 'No SSH keys on your account',
    attempt: { action: 'list your SSH keys' },
  });
}
