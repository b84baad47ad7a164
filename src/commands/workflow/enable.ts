// kettle workflow enable FILE
import type { RepoFlag } from '../../spec/flags.js';
import type { Context } from '../../context/context.js';
import { toggle } from './toggle.js';

export interface EnableOptions extends RepoFlag {
  file: string;
}

export async function run(ctx: Context, opts: EnableOptions): Promise<void> {
  await toggle(ctx, opts.file, opts.repo, true);
}
