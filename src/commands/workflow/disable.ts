// kettle workflow disable FILE
import type { Context } from '../../context/context.js';
import { toggle } from './toggle.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type DisableOptions = OptionsOf<typeof definitions.disable>;

export async function run(ctx: Context, opts: DisableOptions): Promise<void> {
  await toggle(ctx, opts.file, opts.repo, false);
}
