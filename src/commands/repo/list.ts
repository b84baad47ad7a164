// kettle repo list [--user USERNAME]
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { isSafeSegment } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failedTo, listAndPrint } from '../common.js';
import { repoColumns } from './columns.js';
import type { ListOptions } from './index.js';

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const { user } = opts;
  if (user !== undefined && !isSafeSegment(user)) throw new UsageError(`invalid --user "${user}"`);
  const path = user === undefined ? '/user/repos' : p`/users/${user}/repos`;
  await listAndPrint(ctx, opts, path, {}, repoColumns, user ? `${user} has no repositories you can see` : 'You have no repositories yet').catch(
    failedTo(`list the repositories of ${user ?? 'the logged-in user'}`, user === undefined ? undefined : `user ${user}`),
  );
}
