// Runs the program in this process. The only place that decides the exit status.
import pkg from '../package.json' with { type: 'json' };
import { execute } from './cli/run.js';
import { ExitCode, KettleError, outputError } from './errors.js';

export async function main(argv: string[]): Promise<void> {
  const streams = {
    // A getter: process.stdin is created (a measurable cost) only if a command reads it.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    // How git (a credential helper) runs this same kettle again.
    self: process.argv[1] ? [process.execPath, process.argv[1]] : [process.execPath],
  };

  // A reader that stops early (`kettle issue list | head -1`) is not an error;
  // an output that cannot take what is written (a full disk, /dev/full) is
  // one line and exit 1, whatever the command was doing.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(ExitCode.ok);
    const failure = outputError(err) ?? new KettleError(`cannot write output: ${err.message}`);
    process.stderr.write(`kettle: ${failure.message}\n`);
    process.exit(ExitCode.failure);
  });
  const onSignal = (signal: NodeJS.Signals) => {
    process.stderr.write('\n');
    process.exit(signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  process.exitCode = await execute(argv, streams, pkg.version);
}
