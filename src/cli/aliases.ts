// A command line whose first word is no command: an alias, expanded before
// the command line is parsed. Loaded only then, so a built-in command, --help
// and --version never read the aliases.
import { expandAlias } from '../config/aliases.js';
import { configDir } from '../config/store.js';
import { readSettings } from '../config/user-settings.js';
import type { StreamsLike } from '../io.js';
import { isCommandWord } from './program.js';

/** What to do instead: run these words, or the exit status of a shell alias that ran. */
export type AliasOutcome = { argv: string[] } | { code: number };

/**
 * The command line with the alias at `at` expanded (the root options before
 * it kept), a shell alias run, or undefined when the word is no alias (the
 * parser then says it is no command, with its suggestion).
 */
export async function expandCommandLine(argv: readonly string[], at: number, streams: StreamsLike): Promise<AliasOutcome | undefined> {
  const word = argv[at] as string;
  const { aliases } = readSettings(configDir(streams.env));
  if (aliases[word] === undefined) return undefined;
  const expanded = expandAlias(word, argv.slice(at + 1), aliases, isCommandWord);
  if (expanded.kind === 'kettle') return { argv: [...argv.slice(0, at), ...expanded.argv] };
  return { code: await runShell(expanded.script, expanded.name, expanded.args, streams) };
}

/**
 * `sh -c SCRIPT NAME ARGS…`: the arguments are the script's $1, $2… and "$@",
 * as a shell function's are. The script shares kettle's terminal, or in a
 * test, its streams; its exit status is kettle's.
 */
async function runShell(script: string, name: string, args: string[], streams: StreamsLike): Promise<number> {
  const { spawn } = await import('node:child_process');
  const own = streams.stdout === process.stdout && streams.stderr === process.stderr;
  const child = spawn('sh', ['-c', script, name, ...args], {
    stdio: own ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: streams.env,
    cwd: streams.cwd ?? process.cwd(),
  });
  if (!own) {
    child.stdout?.on('data', (chunk: Buffer) => streams.stdout.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => streams.stderr.write(chunk));
  }
  return new Promise((resolve) => {
    child.once('error', (err) => {
      streams.stderr.write(`kettle: cannot run alias ${name} with sh: ${err.message}\n`);
      resolve(1);
    });
    child.once('close', (code, signal) => {
      if (signal) {
        resolve(128 + (process.getBuiltinModule('node:os').constants.signals[signal] ?? 0));
      } else resolve(code ?? 1);
    });
  });
}
