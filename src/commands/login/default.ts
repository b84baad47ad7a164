// kettle login default NAME
import { updateConfig } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/default.js';

export type DefaultOptions = OptionsOf<typeof definition.defaultVerb>;

export async function run(ctx: Context, { name }: DefaultOptions): Promise<void> {
  const login = ctx.logins.stored(name);
  await updateConfig(ctx.logins.configDir(), (data) => {
    data.default = name;
  });
  ctx.term.success(`Default login is now "${name}" (${login.user ?? 'unknown user'} on ${new URL(login.url).host})`);
}
