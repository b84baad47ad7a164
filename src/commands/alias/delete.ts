// kettle alias delete NAME
import { configDir } from '../../config/store.js';
import { updateSettings } from '../../config/user-settings.js';
import type { Context } from '../../context/context.js';
import { KettleError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, opts: DeleteOptions): Promise<void> {
  let was: string | undefined;
  await updateSettings(
    configDir(ctx.env),
    (data) => {
      was = data.aliases[opts.name];
      if (was === undefined) throw new KettleError(`no alias "${opts.name}"; see kettle alias list`);
      delete data.aliases[opts.name];
    },
    ctx.dryRun,
  );
  ctx.term.success(`Deleted alias ${opts.name} (it stood for: ${was})`);
}
