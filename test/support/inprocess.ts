// kettle run inside the test process: the same command line as the spawned
// binary (harness.ts run()), executed by execute() from src/cli/run.ts
// against the in-memory IO double, with the same environment a spawned run
// starts from. No process start-up and no bundle: for command behaviour, where
// the process adds nothing. What only a process shows (exit through a real
// process, pipes, signals, the bundle) stays with the spawned harness.
import pkg from '../../package.json' with { type: 'json' };
import { execute } from '../../src/cli/run.js';
import { baseEnv, ROOT, type RunOptions, type RunResult, tempDir } from './harness.js';
import { commandStarted } from '../server/log.js';
import { type Terminals, type TestIOOptions, testIO } from './io.js';

export interface InProcessOptions extends RunOptions {
  /** Which streams are terminals; none unless given (a spawned run has pipes). */
  tty?: Terminals;
  /** The width a terminal stdout reports. */
  columns?: number;
  /** The clock and the waiting the command runs with, instead of the real ones. */
  clock?: TestIOOptions['clock'];
}

/**
 * Run one kettle command line in this process. Like a spawned run, it starts
 * from a clean environment (PATH and LANG) plus `opts.env`; without HOME or
 * KETTLE_CONFIG_DIR there it gets a fresh config folder, removed afterwards.
 */
export async function kettle(args: string[], opts: InProcessOptions = {}): Promise<RunResult> {
  const env: NodeJS.ProcessEnv = baseEnv();
  for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) env[k] = v;
  const home = env.HOME === undefined && env.KETTLE_CONFIG_DIR === undefined ? tempDir() : undefined;
  if (home) env.HOME = env.KETTLE_CONFIG_DIR = home.path;
  const t = testIO({
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    ...(opts.tty !== undefined ? { tty: opts.tty } : {}),
    ...(opts.columns !== undefined ? { columns: opts.columns } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
    env,
    cwd: opts.cwd ?? ROOT,
  });
  // So the contract check knows which command sent each request, as for a spawned kettle.
  const finished = commandStarted(args);
  try {
    const code = await execute([...args], t.streams, pkg.version);
    return { code, signal: null, stdout: t.stdout.text(), stderr: t.stderr.text() };
  } finally {
    finished();
    home?.cleanup();
  }
}
