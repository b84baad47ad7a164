// kettle workflow disable FILE
import type { RepoFlag } from '../../spec/flags.js';
import type { Context } from '../../context/context.js';
import { toggle } from './toggle.js';

export interface DisableOptions extends RepoFlag {
  file: string;
}

export async function run(ctx: Context, opts: DisableOptions): Promise<void> {
  await toggle(ctx, opts.file, opts.repo, false);
}
