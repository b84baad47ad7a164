// kettle config get KEY [--host HOST]: the value kettle would use, alone on a line.
import { UserSettings } from '../../config/user-settings.js';
import type { Context } from '../../context/context.js';
import { printValue } from '../../output/printer.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';
import { keyAndHost } from './shared.js';

export type GetOptions = OptionsOf<typeof definition.get>;

export async function run(ctx: Context, opts: GetOptions): Promise<void> {
  const { key, host } = keyAndHost(opts.key, opts.host, 'read');
  const settings = ctx.io.settings ?? new UserSettings(ctx.env);
  const timeout = ctx.flags.timeoutMs;
  const flag = key === 'http_timeout' && timeout !== undefined ? { value: String(timeout / 1000), name: '--timeout' } : undefined;
  const value = settings.get(key, { host, flag });
  // Nothing at all when it has no value (editor: git's choice applies), so $(kettle config get KEY) is empty.
  if (value !== undefined) printValue(ctx.io, value);
}
