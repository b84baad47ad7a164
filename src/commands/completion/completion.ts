// kettle completion SHELL: print the completion script for a shell, generated
// from the command tree itself so it never falls behind the commands.
import type { Command } from 'commander';
import { bashScript, fishScript, powershellScript, zshScript } from '../../completion/generate.js';
import type { Context } from '../../context/context.js';
import { UsageError } from '../../errors.js';
import { printText } from '../../output/printer.js';
import { SHELLS } from './choices.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type CompletionOptions = OptionsOf<typeof definitions.completionVerb>;

const GENERATORS: Record<(typeof SHELLS)[number], (program: Command) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  powershell: powershellScript,
};

export async function run(ctx: Context, { shell }: CompletionOptions): Promise<void> {
  const known = SHELLS.find((s) => s === shell);
  if (!known) throw new UsageError(`unknown shell "${shell}"; supported shells: ${SHELLS.join(', ')}`);
  const program = await ctx.commandTree();
  // The tree declares <shell> as a plain operand (so a wrong one gets kettle's
  // own message); the scripts should offer the shells.
  program.commands.find((c) => c.name() === 'completion')?.registeredArguments[0]?.choices(SHELLS);
  printText(ctx.io, GENERATORS[known](program));
}
