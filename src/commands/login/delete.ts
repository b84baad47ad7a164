// kettle login delete NAME
import { updateConfig } from '../../config/store.js';
import type { Context } from '../../context/context.js';
import type { NameOptions } from './index.js';

export async function run(ctx: Context, { name }: NameOptions): Promise<void> {
  ctx.storedLogin(name);
  let newDefault: string | undefined;
  let wasDefault = false;
  await updateConfig(ctx.configDir(), (data) => {
    delete data.logins[name];
    if (data.default === name) {
      wasDefault = true;
      newDefault = Object.keys(data.logins)[0];
      if (newDefault === undefined) delete data.default;
      else data.default = newDefault;
    }
  });
  ctx.success(`Deleted login "${name}"`);
  if (wasDefault) {
    ctx.info(newDefault ? `kettle: the default login is now "${newDefault}"` : 'kettle: no logins are left; add one with: kettle login add --url URL');
  }
}
