// kettle completion SHELL: print the completion script for a shell, generated
// from the command tree itself so it never falls behind the commands.
import type { Command } from 'commander';
import { buildProgram, type Opts } from '../cli.js';
import { bashScript, fishScript, powershellScript, zshScript } from '../completion/generate.js';
import type { Context } from '../context/context.js';
import { UsageError } from '../errors.js';

const GENERATORS: Record<string, (program: Command) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  powershell: powershellScript,
};

export const SHELLS = Object.keys(GENERATORS);

export async function run(ctx: Context, [shell = '']: string[], _opts: Opts): Promise<void> {
  const generate = Object.hasOwn(GENERATORS, shell) ? GENERATORS[shell] : undefined;
  if (!generate) {
    throw new UsageError(`unknown shell "${shell}"; supported shells: ${SHELLS.join(', ')}`);
  }
  const program = buildProgram({
    streams: { stdin: ctx.io.stdin, stdout: ctx.io.stdout, stderr: ctx.io.stderr, env: ctx.io.env, cwd: ctx.io.cwd },
    version: ctx.version,
    onContext: () => undefined,
  });
  // The tree declares <shell> as a plain operand; the scripts should offer the shells.
  program.commands.find((c) => c.name() === 'completion')?.registeredArguments[0]?.choices(SHELLS);
  ctx.io.stdout.write(generate(program));
}
