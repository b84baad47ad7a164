// kettle config set KEY VALUE [--host HOST]
import { configDir } from '../../config/store.js';
import { fromEnvironment, updateSettings, valueProblem } from '../../config/user-settings.js';
import type { Context } from '../../context/context.js';
import { UsageError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';
import { keyAndHost } from './shared.js';

export type SetOptions = OptionsOf<typeof definition.set>;

export async function run(ctx: Context, opts: SetOptions): Promise<void> {
  const { key, host } = keyAndHost(opts.key, opts.host, 'write');
  const problem = valueProblem(key, opts.value);
  if (problem !== undefined) throw new UsageError(problem);
  await updateSettings(
    configDir(ctx.env),
    (data) => {
      if (host === undefined) data.settings[key] = opts.value;
      else data.hosts[host] = { ...data.hosts[host], [key]: opts.value };
    },
    ctx.dryRun,
  );
  ctx.term.success(`Set ${key} to ${JSON.stringify(opts.value)}${host !== undefined ? ` for ${host}` : ''}`);
  const env = fromEnvironment(key, ctx.env);
  if (env !== undefined) ctx.term.warn(`${env.name} is set, and comes before this setting`);
}
