// kettle repo delete OWNER/NAME [--yes]
import { p } from '../../api/url.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../context/io.js';
import { ask } from '../../context/prompt.js';
import { fullName, parseRepoArg } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failedTo } from '../common.js';
import type { DeleteOptions } from './index.js';

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  const repo = parseRepoArg(opts.ownerName, 'repository');
  const name = fullName(repo);
  if (!opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to delete ${name} without confirmation; pass --yes`);
    const typed = await ask(ctx.io, '--yes', { message: `Type ${name} to delete it for good`, required: false });
    if (typed !== name) throw new UsageError(`confirmation did not match ${name}; nothing was deleted`);
  }
  const api = await ctx.api();
  await api.request('DELETE', p`/repos/${repo.owner}/${repo.name}`).catch(failedTo(`delete ${name}`, `repository ${name}`));
  ctx.success(`Deleted repository ${name}`);
}
