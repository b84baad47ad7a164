// kettle extension remove NAME
import type { Context } from '../../context/context.js';
import { KettleError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';
import { EXTENSION_NAME, readInstalled, removeFolder } from './shared.js';

export type RemoveOptions = OptionsOf<typeof definition.remove>;

export async function run(ctx: Context, opts: RemoveOptions): Promise<void> {
  const { name } = opts;
  let installed: boolean;
  try {
    installed = readInstalled(ctx.env, name) !== undefined;
  } catch {
    // A record broken by hand: removing it is the way out.
    installed = true;
  }
  if (!EXTENSION_NAME.test(name) || !installed) throw new KettleError(`no extension "${name}" is installed; see kettle extension list`);
  removeFolder(ctx, name);
  ctx.term.success(`Removed extension ${name}`);
}
