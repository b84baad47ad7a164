// kettle login default NAME
import { updateConfig } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/default.js';

export type DefaultOptions = OptionsOf<typeof definition.defaultVerb>;

export async function run(ctx: Context, { name }: DefaultOptions): Promise<void> {
  const login = ctx.logins.stored(name);
  const moved: string[] = [];
  await updateConfig(
    ctx.logins.configDir(),
    (data) => {
      data.default = name;
    },
    { dryRun: ctx.dryRun, env: ctx.env, onMoved: (names) => moved.push(...names) },
  );
  ctx.term.success(`Default login is now "${name}" (${login.user ?? 'unknown user'} on ${new URL(login.url).host})`);
  if (moved.length > 0) ctx.term.info(`kettle: moved the secrets of ${moved.map((m) => `"${m}"`).join(', ')}, stored by an earlier kettle, from the config file to the keyring`);
}
