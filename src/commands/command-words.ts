// The words that name kettle's own commands: what an alias or an extension may not be.
import type { Context } from '../context/context.js';

/** Every top-level command's name and aliases, help included. */
export async function commandWords(ctx: Context): Promise<Set<string>> {
  const tree = await ctx.commandTree();
  return new Set(['help', ...tree.commands.flatMap((c) => [c.name(), ...c.aliases()])]);
}
