// kettle ssh-key list [-R OWNER/NAME]
import { target } from '../../context/target.js';
import * as keys from '../../api/gitea/keys.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printListing } from '../listing.js';
import { deployKeyColumns, sshKeyColumns } from './columns.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ListOptions = OptionsOf<typeof definitions.list>;

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  if (opts.repo !== undefined) {
    const { repo } = await target(ctx, { repo: opts.repo });
    const name = fullName(repo);
    await printListing(ctx, opts, {
      noun: 'deploy keys',
      pages: (api, window, options) => keys.listDeployKeys(api, repo, window, options),
      columns: deployKeyColumns,
      empty: `No deploy keys on ${name}`,
      attempt: { action: `list the deploy keys of ${name}`, missing: `repository ${name}` },
    });
    return;
  }
  await printListing(ctx, opts, {
    noun: 'SSH keys',
    pages: (api, window, options) => keys.listSshKeys(api, window, options),
    columns: sshKeyColumns,
    empty: 'No SSH keys on your account',
    attempt: { action: 'list your SSH keys' },
  });
}
