// What the alias verbs share: the words that name kettle's own commands.
import type { Context } from '../../context/context.js';

/** Every top-level command's name and aliases, help included: what an alias may not be. */
export async function commandWords(ctx: Context): Promise<Set<string>> {
  const tree = await ctx.commandTree();
  return new Set(['help', ...tree.commands.flatMap((c) => [c.name(), ...c.aliases()])]);
}
