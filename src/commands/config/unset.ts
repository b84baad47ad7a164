// kettle config unset KEY [--host HOST]
import { configDir } from '../../config/store.js';
import { updateSettings } from '../../config/user-settings.js';
import type { Context } from '../../context/context.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';
import { keyAndHost } from './shared.js';

export type UnsetOptions = OptionsOf<typeof definition.unset>;

export async function run(ctx: Context, opts: UnsetOptions): Promise<void> {
  const { key, host } = keyAndHost(opts.key, opts.host, 'write');
  let was: string | undefined;
  await updateSettings(
    configDir(ctx.env),
    (data) => {
      const at = host === undefined ? data.settings : data.hosts[host];
      was = at?.[key];
      if (at !== undefined) delete at[key];
    },
    ctx.dryRun,
  );
  const where = host !== undefined ? ` for ${host}` : '';
  // Unsetting what is not set changes nothing, and is no failure: a script can unset without checking first.
  if (was === undefined) ctx.term.info(`${key} was not set${where}; nothing changed`);
  else ctx.term.success(`Unset ${key}${where} (it was ${JSON.stringify(was)})`);
}
