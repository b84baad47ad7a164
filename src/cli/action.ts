// What happens when a verb's command line has been parsed, step by step, each
// step named: the verb's input gathered from what commander parsed, the
// context it runs in with its output choice (--jq compiled), and the verb
// loaded and run. Errors go on to cli/run.ts, which reports them (errors.ts
// report).
import type { Command } from 'commander';
import { envDebug } from '../config/env.js';
import { Context, type GlobalFlags } from '../context/context.js';
import { createIO, type IO, type StreamsLike } from '../io.js';
import { UsageError } from '../errors.js';
import type { OutputChoice } from '../output/cells.js';
import { parseFieldList } from '../output/fields.js';
import type { Flag, Run, VerbDef } from '../spec/spec.js';

export interface Session {
  streams: StreamsLike;
  version: string;
  /** Receives the context of the verb that runs, so its owner can dispose of it. */
  onContext: (ctx: Context) => void;
}

/** The options every command accepts, as commander parses them. */
export interface GlobalOpts {
  /** Every --login given, in order (the last one is the login; kettle status takes them all). */
  login?: string[];
  debug?: boolean;
  color?: boolean;
  timeout?: number;
  dryRun?: boolean;
  sudo?: string;
  json?: boolean;
  fields?: string;
  jq?: string;
}

/** A verb's flags as commander knows them: the definition's key, the flag, and commander's attribute name. */
export interface ParsedFlag {
  key: string;
  flag: Flag<unknown>;
  attribute: string;
}

/** The action commander calls for a verb. */
export function verbAction(def: VerbDef, session: Session, flags: ParsedFlag[], wholeTree: (cmd: Command) => Promise<Command>) {
  const argKeys = Object.keys(def.args ?? {});
  return async (...received: unknown[]): Promise<void> => {
    const command = received[received.length - 1] as Command;
    if (def.excess !== undefined && command.args.length > argKeys.length) throw new UsageError(def.excess);
    const input = inputOf(argKeys, flags, received, command);
    await runVerb(def, session, input, command.optsWithGlobals() as GlobalOpts, () => wholeTree(command));
  };
}

/**
 * Run a verb on its input, as read by commander (verbAction) or without it
 * (direct.ts): its context, with the global options and its output choice,
 * then its module, loaded now.
 */
export async function runVerb(def: VerbDef, session: Session, input: Record<string, unknown>, globals: GlobalOpts, tree: () => Promise<Command>): Promise<void> {
  const ctx = await contextOf(session, globals, tree);
  session.onContext(ctx);
  // The verb's run takes OptionsOf its definition, which `input` is: each declared argument and flag, by name.
  const { run } = (await def.load()) as { run: Run<Record<string, unknown>> };
  await run(ctx, input);
}

/** The verb's input: its arguments in order, then each flag's value (or its initial value). */
function inputOf(argKeys: string[], flags: ParsedFlag[], received: unknown[], command: Command): Record<string, unknown> {
  const values = command.opts() as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  argKeys.forEach((key, i) => {
    input[key] = received[i];
  });
  for (const { key, flag, attribute } of flags) {
    const value = values[attribute];
    input[key] = value === undefined ? flag.initial : value;
  }
  return input;
}

/** The context a verb runs in: its streams, the global flags, its output choice, and the way to the whole command tree. */
async function contextOf(session: Session, globals: GlobalOpts, tree: () => Promise<Command>): Promise<Context> {
  const io = createIO(session.streams, globals.color === false);
  return new Context(io, globalFlags(globals, session.streams.env), await outputChoice(globals, io), session.version, tree);
}

export function globalFlags(opts: GlobalOpts, env: NodeJS.ProcessEnv): GlobalFlags {
  return {
    login: opts.login?.at(-1),
    logins: opts.login ?? [],
    debug: opts.debug === true || envDebug(env),
    timeoutMs: opts.timeout,
    ...(opts.dryRun === true ? { dryRun: true } : {}),
    ...(opts.sudo !== undefined ? { sudo: opts.sudo } : {}),
  };
}

/**
 * What the results are printed as, decided once: --jq (which implies JSON)
 * compiled before the verb runs, so a program that does not compile exits 2
 * before any request; --json; or the command's own view. --fields goes with
 * any of them.
 */
export async function outputChoice(opts: GlobalOpts, io: IO): Promise<OutputChoice> {
  const fields = opts.fields === undefined ? undefined : parseFieldList(opts.fields);
  if (opts.jq !== undefined) {
    // Loaded only now: jq is large.
    const { JqFilter } = await import('../output/jq.js');
    return { kind: 'jq', fields, jq: await JqFilter.compile(opts.jq, (text) => io.stderr.write(text), io.env) };
  }
  return { kind: opts.json === true ? 'json' : 'view', fields };
}
