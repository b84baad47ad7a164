// The repository a settings verb works on: OWNER/NAME given as an operand, or
// -R, or the current directory's git remote; both at once is a usage error.
import type { Context } from '../../context/context.js';
import type { RepoRef } from '../../context/repo.js';
import { UsageError } from '../../errors.js';

export async function repoOf(ctx: Context, ownerName: string | undefined, flag: string | undefined): Promise<RepoRef> {
  if (ownerName && flag !== undefined) throw new UsageError('name the repository once: either OWNER/NAME or -R');
  return ownerName ? ctx.repoArg(ownerName, 'repository') : ctx.repo(flag);
}
