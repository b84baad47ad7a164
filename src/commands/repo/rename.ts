// kettle repo rename [OWNER/NAME] NEW-NAME: the same PATCH as repo edit, with
// the name alone (routers/api/v1/repo/repo.go Edit → updateBasicProperties,
// Gitea 1.23 to 1.27, Forgejo 11 to 15). The old address redirects on the
// server (301 on Gitea, 307 on Forgejo); the git remote that named it is updated.
import { target } from '../../context/target.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { fullName, isSafeSegment } from '../../context/repo.js';
import { ApiError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import { followMove } from './moved.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/rename.js';

export type RenameOptions = OptionsOf<typeof definition.rename>;

/** The two optional operands as [OWNER/NAME] NEW: one alone is the new one. */
export function operands(first: string | undefined, second: string | undefined, what: string, usage: string): { ownerName: string | undefined; value: string } {
  const value = (second ?? first)?.trim();
  if (value === undefined || value === '') throw new UsageError(`give the ${what}: ${usage}`);
  return { ownerName: second === undefined ? undefined : first, value };
}

export async function run(ctx: Context, opts: RenameOptions): Promise<void> {
  const { ownerName, value: name } = operands(opts.ownerName, opts.newName, 'new name', 'kettle repo rename [OWNER/NAME] NEW-NAME');
  // Gitea's binding: AlphaDashDot, at most 100 (modules/structs EditRepoOption); a .git ending is refused by the name check.
  if (!isSafeSegment(name) || /\.git$/i.test(name)) throw new UsageError(`invalid repository name "${name}": use letters, digits, - _ . (not . or .., no .git at the end)`);
  const at = await target(ctx, { ownerName });
  const { repo } = at;
  const old = fullName(repo);
  if (name === repo.name) throw new UsageError(`${old} is already named "${name}"; nothing was renamed`);
  const api = await at.api();
  const to = { owner: repo.owner, name };
  const renamed = await repos.rename(api, repo, name).catch((err: unknown) => {
    // services/repository ChangeRepositoryName: 422 "repository already exists [uname: …, name: …]" (recorded).
    if (err instanceof ApiError && err.status === 422 && /already exists/i.test(err.serverMessage ?? '')) {
      throw err.withMessage(`cannot rename ${old}: ${fullName(to)} already exists; nothing was renamed`);
    }
    return failure({ action: `rename ${old}`, missing: `repository ${old}` })(err);
  });
  const now = String(renamed.full_name ?? fullName(to));
  ctx.term.success(`Renamed ${old} to ${now}`);
  await followMove(ctx, at.login().root, repo, to, opts.updateRemote);
}
