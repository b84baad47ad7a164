// kettle workflow enable FILE
import type { Context } from '../../context/context.js';
import { toggle } from './toggle.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type EnableOptions = OptionsOf<typeof definitions.enable>;

export async function run(ctx: Context, opts: EnableOptions): Promise<void> {
  await toggle(ctx, opts.file, opts.repo, true);
}
