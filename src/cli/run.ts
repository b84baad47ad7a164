// Runs one kettle command line against the given streams and answers its exit
// status. No process globals: main.ts wires this to the real process, and the
// tests run commands in-process through it.
import { CommanderError } from 'commander';
import type { Context } from '../context/context.js';
import { envDebug } from '../config/env.js';
import type { StreamsLike } from '../context/io.js';
import { ExitCode, exitCodeFor, formatError, outputError } from '../errors.js';
import { buildProgram } from './program.js';

function exitForCommander(err: CommanderError): number {
  switch (err.code) {
    case 'commander.helpDisplayed':
    case 'commander.version':
    case 'commander.help':
      return ExitCode.ok;
    default:
      return ExitCode.usage;
  }
}

export async function execute(argv: string[], streams: StreamsLike, version: string): Promise<number> {
  const debug = argv.includes('--debug') || envDebug(streams.env);
  let ctx: Context | undefined;
  const program = buildProgram({ streams, version, onContext: (c) => (ctx = c) }, argv);
  let code: number = ExitCode.ok;
  try {
    if (argv.length === 0) {
      // Plain `kettle`: the overview, as a successful answer.
      program.outputHelp();
    } else {
      await program.parseAsync(argv, { from: 'user' });
    }
  } catch (err) {
    if (err instanceof CommanderError) {
      code = exitForCommander(err);
    } else {
      // A write to stdout that failed at once is said as such, not as a crash.
      const failure = outputError(err) ?? err;
      code = exitCodeFor(failure);
      for (const line of formatError(failure, debug || Boolean(ctx?.flags.debug))) streams.stderr.write(`${line}\n`);
    }
  } finally {
    await ctx?.dispose();
  }
  return code;
}
