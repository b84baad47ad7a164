// Runs one kettle command line against the given streams and answers its exit
// status. No process globals: main.ts wires this to the real process, and the
// tests run commands in-process through it.
import type { Context } from '../context/context.js';
import { envDebug } from '../config/env.js';
import type { StreamsLike } from '../io.js';
import { authHint, scopeHintFor } from '../context/logins.js';
import { ExitCode, report } from '../errors.js';
import type { Command } from 'commander';
import { runVerb, type Session } from './action.js';
import { type DirectLine, readDirect } from './direct.js';
import { branchNamed, commandWordAt, isCommandWord } from './words.js';

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
  const session: Session = { streams, version, onContext: (c) => (ctx = c) };
  // The line read without commander when it has the usual shape; else
  // commander (loaded only now) builds the branch it names and reads it.
  const branch = branchNamed(argv);
  const direct = branch === undefined ? undefined : readDirect(argv, branch.entry, await branch.entry.load());
  const line: { direct: DirectLine } | { program: Command } = direct !== undefined ? { direct } : { program: await (await import('./program.js')).buildProgram(session, argv) };
  let code: number = ExitCode.ok;
  try {
    if ('direct' in line) {
      let whole: Promise<Command> | undefined;
      const tree = () => (whole ??= import('./program.js').then((p) => p.buildProgram(session)));
      await runVerb(line.direct.def, session, line.direct.input, line.direct.globals, tree);
    } else if (argv.length === 0) {
      // Plain `kettle`: the overview, as a successful answer.
      line.program.outputHelp();
    } else {
      await line.program.parseAsync(argv, { from: 'user' });
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
