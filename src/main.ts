// Runs the program in this process. The only place that decides the exit status.
import pkg from '../package.json' with { type: 'json' };
import { execute } from './cli/run.js';
import { CancelledError, ExitCode, report } from './errors.js';
import { eraseStatusLine } from './output/status-line.js';

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
    // Any error of standard output is about writing it, whatever its syscall says.
    const failure = err.code === 'EPIPE' ? err : Object.assign(err, { syscall: 'write' });
    const { code, lines } = report(failure, { debug: false });
    for (const line of lines) process.stderr.write(`${line}\n`);
    process.exit(code);
  });
  const onSignal = (signal: NodeJS.Signals) => {
    // A progress line goes as it would on success (the echoed ^C with it);
    // otherwise the next line starts below the ^C.
    if (!eraseStatusLine()) process.stderr.write('\n');
    process.exit(report(new CancelledError('interrupted', signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated), { debug: false }).code);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  process.exitCode = await execute(argv, streams, pkg.version);
}
