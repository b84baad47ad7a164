// Runs the program. The only place that decides the exit status.
import { CommanderError } from 'commander';
import pkg from '../package.json' with { type: 'json' };
import { buildProgram } from './cli.js';
import type { Context } from './context/context.js';
import { truthyEnv } from './context/io.js';
import { ExitCode, exitCodeFor, formatError } from './errors.js';

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

export async function main(argv: string[]): Promise<void> {
  const streams = {
    // A getter: process.stdin is created (a measurable cost) only if a command reads it.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  };
  const debug = argv.includes('--debug') || truthyEnv(process.env.KETTLE_DEBUG);

  // A reader that stops early (`kettle issue list | head -1`) is not an error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(ExitCode.ok);
    throw err;
  });
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write('\n');
    process.exit(signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let ctx: Context | undefined;
  const program = buildProgram({ streams, version: pkg.version, onContext: (c) => (ctx = c) });
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
      code = exitCodeFor(err);
      for (const line of formatError(err, debug || Boolean(ctx?.flags.debug))) process.stderr.write(`${line}\n`);
    }
  } finally {
    await ctx?.dispose();
  }
  process.exitCode = code;
}
