// kettle alias list
import { isShellExpansion } from '../../config/aliases.js';
import { configDir } from '../../config/store.js';
import { readSettings } from '../../config/user-settings.js';
import type { Context } from '../../context/context.js';
import { type Column, printList } from '../../output/printer.js';

const columns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'expansion', header: 'EXPANSION' },
];

export async function run(ctx: Context): Promise<void> {
  const { aliases } = readSettings(configDir(ctx.env));
  const records = Object.entries(aliases)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, expansion]) => ({ name, expansion, shell: isShellExpansion(expansion) }));
  await printList(ctx.io, ctx.output, records, columns, "No aliases. Make one with: kettle alias set co 'pr checkout'");
}
