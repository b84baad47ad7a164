// kettle extension remove NAME
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../../context/context.js';
import { KettleError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';
import { EXTENSION_NAME, extensionsDir, readInstalled } from './shared.js';

export type RemoveOptions = OptionsOf<typeof definition.remove>;

export async function run(ctx: Context, opts: RemoveOptions): Promise<void> {
  const { name } = opts;
  const dir = join(extensionsDir(ctx.env), name);
  let installed: boolean;
  try {
    installed = readInstalled(ctx.env, name) !== undefined;
  } catch {
    // A record broken by hand: removing it is the way out.
    installed = true;
  }
  if (!EXTENSION_NAME.test(name) || !installed) throw new KettleError(`no extension "${name}" is installed; see kettle extension list`);
  rmSync(dir, { recursive: true, force: true });
  ctx.term.success(`Removed extension ${name}`);
}
