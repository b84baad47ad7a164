// kettle login delete NAME
import { existsSync } from 'node:fs';
import { configPath, updateConfig } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import { noLoginNamed } from '../../context/logins.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/delete.js';

export type DeleteOptions = OptionsOf<typeof definition.del>;

export async function run(ctx: Context, { name }: DeleteOptions): Promise<void> {
  let newDefault: string | undefined;
  let wasDefault = false;
  // No config file, no login: and no config folder made to say so.
  if (!existsSync(configPath(ctx.logins.configDir()))) throw noLoginNamed(name, []);
  // Checked on the file as written, not as read for other commands: a login
  // whose fields are broken can still be deleted.
  await updateConfig(ctx.logins.configDir(), (data) => {
    if (!Object.hasOwn(data.logins, name)) throw noLoginNamed(name, Object.keys(data.logins));
    delete data.logins[name];
    if (data.default === name) {
      wasDefault = true;
      newDefault = Object.keys(data.logins)[0];
      if (newDefault === undefined) delete data.default;
      else data.default = newDefault;
    }
  });
  ctx.term.success(`Deleted login "${name}"`);
  if (wasDefault) {
    ctx.term.info(newDefault ? `kettle: the default login is now "${newDefault}"` : 'kettle: no logins are left; add one with: kettle login add --url URL');
  }
}
