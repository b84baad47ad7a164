// kettle repo clone OWNER/NAME [DIRECTORY] [-- GIT-CLONE-FLAGS...]
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { gitProtocolFor } from '../../context/preferences.js';
import { fullName } from '../../context/repo.js';
import { failure } from '../failure.js';
import { clone, cloneUrl } from './git.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/clone.js';

export type CloneOptions = OptionsOf<typeof definition.clone>;

/**
 * DIRECTORY and the git flags after `--` arrive as one list of operands: a
 * first one that starts with `-` is a flag, so no folder was named.
 */
export function splitOperands(directory: string | undefined, gitFlags: string[]): { directory: string | undefined; flags: string[] } {
  if (directory?.startsWith('-')) return { directory: undefined, flags: [directory, ...gitFlags] };
  return { directory, flags: gitFlags };
}

export async function run(ctx: Context, opts: CloneOptions): Promise<void> {
  const at = await target(ctx, { named: opts.ownerName });
  const { repo } = at;
  const { directory, flags } = splitOperands(opts.directory, opts.gitFlags);
  const name = fullName(repo);
  const api = await at.api();
  const record = await repos.get(api, repo).catch(failure({ action: `read ${name}`, missing: `repository ${name}` }));
  const protocol = gitProtocolFor(ctx.io, at.login());
  const parent = record.fork ? record.parent : undefined;
  const into = directory ?? record.name ?? repo.name;
  await clone(ctx, { url: cloneUrl(record, protocol), directory: into, flags, upstream: parent ? cloneUrl(parent, protocol) : undefined });
  ctx.term.success(`Cloned ${String(record.full_name ?? name)} into ${into}${parent ? ` (upstream: ${String(parent.full_name)})` : ''}`);
}
