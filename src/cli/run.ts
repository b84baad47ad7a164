// Runs one kettle command line against the given streams and answers its exit
// status. No process globals: main.ts wires this to the real process, and the
// tests run commands in-process through it.
import type { Context } from '../context/context.js';
import { envDebug } from '../config/env.js';
import type { StreamsLike } from '../io.js';
import { authHint, scopeHintFor } from '../context/logins.js';
import { ExitCode, report } from '../errors.js';
import { buildProgram, commandWordAt, isCommandWord } from './program.js';

export async function execute(given: string[], streams: StreamsLike, version: string): Promise<number> {
  let argv = given;
  const debug = argv.includes('--debug') || envDebug(streams.env);
  // A first word that is no command may be an alias, else an extension: each
  // looked up only after the one before missed, so a built-in command never
  // reads the aliases or looks for extensions.
  const at = commandWordAt(argv);
  const word = at === undefined ? undefined : argv[at];
  if (at !== undefined && word !== undefined && !isCommandWord(word)) {
    try {
      const { expandCommandLine } = await import('./aliases.js');
      const outcome = await expandCommandLine(argv, at, streams);
      if (outcome !== undefined && 'code' in outcome) return outcome.code;
      if (outcome !== undefined) argv = outcome.argv;
      else {
        // Neither a command nor an alias: an installed extension of that name runs.
        const { extensionCommandLine } = await import('./extensions.js');
        argv = extensionCommandLine(argv, at, streams) ?? argv;
      }
    } catch (err) {
      const done = report(err, { debug });
      for (const line of done.lines) streams.stderr.write(`${line}\n`);
      return done.code;
    }
  }
  let ctx: Context | undefined;
  const program = await buildProgram({ streams, version, onContext: (c) => (ctx = c) }, argv);
  let code: number = ExitCode.ok;
  try {
    if (argv.length === 0) {
      // Plain `kettle`: the overview, as a successful answer.
      program.outputHelp();
    } else {
      await program.parseAsync(argv, { from: 'user' });
    }
  } catch (err) {
    const done = report(err, {
      debug: debug || Boolean(ctx?.flags.debug),
      authHint: ctx?.logins.resolved ? authHint(ctx.logins.resolved) : undefined,
      scopeHint: ctx?.logins.resolved ? scopeHintFor(ctx.logins.resolved) : undefined,
      repoFrom: ctx?.repos.from ? { ...ctx.repos.from.repo, source: ctx.repos.from.source } : undefined,
      sudo: ctx?.flags.sudo,
    });
    code = done.code;
    for (const line of done.lines) streams.stderr.write(`${line}\n`);
  } finally {
    await ctx?.dispose();
  }
  return code;
}
