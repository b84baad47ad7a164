// What the package verbs share: whose packages (--owner, else the user the
// login acts as: GET /user, which --sudo changes too), how a package is named
// in messages, and how packages are shown.
import type { ApiClient } from '../../api/client.js';
import type { PackageRef } from '../../api/gitea/packages.js';
import * as users from '../../api/gitea/users.js';
import { createdAt } from '../../api/response.js';
import type { Context } from '../../context/context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/printer.js';
import { failure } from '../failure.js';

/** The owner the flags name, or the login's user; the client to reach them. */
export async function ownerOf(ctx: Context, owner: string | undefined): Promise<{ api: ApiClient; owner: string }> {
  const api = await ctx.api();
  if (owner !== undefined) {
    const name = owner.trim();
    if (name === '' || name.includes('/')) throw new UsageError(`--owner takes a user or organization name, not "${owner}"`);
    return { api, owner: name };
  }
  const me = await users.me(api).catch(failure({ action: 'find out who you are logged in as' }));
  if (!me.login) throw new UsageError('the server did not say who you are: pass --owner');
  return { api, owner: me.login };
}

/** `generic package teapot-tools of alice`, with ` 1.0.0` after the name when a version is given. */
export function packageName(ref: PackageRef, version?: string): string {
  return `${ref.type} package ${ref.name}${version !== undefined ? ` ${version}` : ''} of ${ref.owner}`;
}

export const packageColumns: Column[] = [
  { key: 'type', header: 'TYPE' },
  { key: 'name', header: 'NAME', flex: true },
  { key: 'version', header: 'VERSION' },
  { key: 'repository', header: 'REPOSITORY', get: (r) => (r.repository as { full_name?: string } | null | undefined)?.full_name ?? '', drop: 1 },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: createdAt, drop: 2 },
];
