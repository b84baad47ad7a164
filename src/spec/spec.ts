// Commands as data. A definition file (src/commands/<noun>/index.ts) declares
// each verb's name, summary, arguments, flags, examples and lazy loader with
// the helpers below; the program builder (src/cli/program.ts) turns them into
// commander commands. The types carry through: a verb's `run` receives an
// options object whose every key is typed from the flags and arguments that
// were declared, so no verb re-checks a bag of unknowns. The verb's module
// derives that type from its definition (`OptionsOf<typeof view>`, through an
// `import type` of the definition, erased from the bundle), so a flag is
// declared once, and an option the definition does not declare is a compile
// error in the verb.
//
// This module is part of the entry chunk: it imports nothing at run time.
import type { Context } from '../context/context.js';

/**
 * Turns one command-line value into the flag's value (throw InvalidArgumentError
 * to refuse it); `previous` is what earlier uses of a repeated flag gave.
 */
export type Parser<T> = (value: string, previous: T | undefined) => T;

export interface Flag<T> {
  /** commander's spelling: `-t, --title <text>`, `--all`, `--no-color`. */
  readonly spelling: string;
  readonly description: string;
  readonly parse?: Parser<T> | undefined;
  /** The value when the flag is not given; also shown in help unless `hideDefault`. */
  readonly initial: T;
  readonly showDefault?: string | undefined;
  readonly choices?: readonly string[] | undefined;
  readonly hidden?: boolean | undefined;
}

export interface Arg<T> {
  /** commander's spelling: `<number>`, `[owner/name]`, `<number...>`. */
  readonly spelling: string;
  readonly description: string;
  /** Values a shell completion may offer. */
  readonly choices?: readonly string[] | undefined;
  /** Phantom: the value's type. */
  readonly type?: T;
}

// biome-ignore lint: the generic parameter is only read through inference
export type Flags = Record<string, Flag<any>>;
// biome-ignore lint: as above
export type Args = Record<string, Arg<any>>;

export type FlagValues<F extends Flags> = { [K in keyof F]: F[K] extends Flag<infer T> ? T : never };
export type ArgValues<A extends Args> = { [K in keyof A]: A[K] extends Arg<infer T> ? T : never };
/** What a verb's run receives: its arguments and flags, by the names the definition gave them. */
export type Input<A extends Args, F extends Flags> = { [K in keyof (ArgValues<A> & FlagValues<F>)]: (ArgValues<A> & FlagValues<F>)[K] };

export type Run<O> = (ctx: Context, opts: O) => Promise<void>;

/** What a verb's loader gives: the module's run (or one of its functions under that name). */
export interface Loaded {
  run: unknown;
}

export interface VerbDef<A extends Args = Args, F extends Flags = Flags, M extends Loaded = Loaded> {
  name: string;
  summary: string;
  aliases?: string[];
  /** Operands in order; the keys name them in the options. */
  args?: A;
  flags?: F;
  /** Prints records: takes --json, --fields and --jq. */
  output?: boolean;
  /** Prints JSON of its own: takes --jq (a verb with output takes it anyway). */
  jq?: boolean;
  /** Shown under "Examples:" in help, each after `$ `. */
  examples: string[];
  /** Extra help text after the examples. */
  notes?: string;
  /** The usage error for operands beyond those declared, instead of commander's "too many arguments" (which would repeat them). */
  excess?: string;
  /**
   * Verbs under this verb's own name, chosen when the word after it names one:
   * `pr review submit 7` beside `pr review 7 --approve`. The word is looked
   * for before any of this verb's own flags are read, so a subverb's flags
   * are its own even where this verb has flags of the same name.
   */
  subverbs?: readonly VerbDef[];
  /**
   * The module that does the work, imported only when this verb runs. Its
   * `run` takes `OptionsOf<typeof this-verb>`: the module's type comes from
   * this definition, so it is not checked back here (the two types would be
   * defined by each other).
   */
  load: () => Promise<M>;
}

export interface GroupDef {
  name: string;
  summary: string;
  /** Heading of the overview section it is listed under. */
  section: string;
  aliases?: string[];
  examples: string[];
  /** Extra help text after the examples. */
  notes?: string;
  verbs: (VerbDef | SubGroupDef)[];
}

/** Verbs grouped under one word inside a group: `repo topic add`. */
export interface SubGroupDef {
  name: string;
  summary: string;
  aliases?: string[];
  examples: string[];
  verbs: VerbDef[];
}

/** A top-level command with no subcommands (whoami, api, completion). */
export interface TopDef {
  section: string;
  verb: VerbDef;
}

/** Only a type: the key under which a declared verb's type carries its options. */
declare const options: unique symbol;
/** Only a type: the key under which a declared verb's type carries the module its loader gives. */
declare const module: unique symbol;
/**
 * A declared verb; its type alone carries O, the options its run receives, and
 * M, what its loader gives (nothing is added at run time).
 */
export type Verb<O, M extends Loaded = Loaded> = VerbDef & { readonly [options]: O; readonly [module]: M };
/** What a verb's run receives, from its definition's arguments and flags: `type ViewOptions = OptionsOf<typeof view>`. */
export type OptionsOf<V extends Verb<unknown>> = V[typeof options];
/** The run a verb's loader gives (test/unit/options-of.test.ts holds it to OptionsOf). */
export type RunOf<V extends Verb<unknown>> = V[typeof module]['run'];

/** Declare a verb: its options are what the arguments and flags give (OptionsOf). */
export function verb<A extends Args = Record<never, never>, F extends Flags = Record<never, never>, M extends Loaded = Loaded, const S extends readonly VerbDef[] = []>(
  def: VerbDef<A, F, M> & { subverbs?: S },
): Verb<Input<A, F>, M> & { readonly subverbs?: S } {
  return def as unknown as Verb<Input<A, F>, M> & { readonly subverbs?: S };
}

// Argument builders.
export function arg(spelling: `<${string}>`, description: string, choices?: readonly string[]): Arg<string> {
  return { spelling, description, choices };
}
export function optionalArg(spelling: `[${string}]`, description: string): Arg<string | undefined> {
  return { spelling, description };
}
export function variadicArg(spelling: `<${string}...>` | `[${string}...]`, description: string): Arg<string[]> {
  return { spelling, description };
}

// Flag builders. A flag that takes a value is `string | undefined` unless it has a default.
export function text(spelling: string, description: string): Flag<string | undefined> {
  return { spelling, description, initial: undefined };
}
export function textWithDefault(spelling: string, description: string, initial: string): Flag<string> {
  return { spelling, description, initial };
}
export function bool(spelling: string, description: string): Flag<boolean> {
  return { spelling, description, initial: false };
}
/** A switch and its negation (`--admin` with `--no-admin`, both declared): true, false, or undefined when neither was given. */
export function switchFlag(spelling: string, description: string): Flag<boolean | undefined> {
  return { spelling, description, initial: undefined };
}
/** A whole number checked by `parse` (see positiveInt). */
export function int(spelling: string, description: string, parse: Parser<number | undefined>): Flag<number | undefined> {
  return { spelling, description, initial: undefined, parse };
}
/** Repeatable: every value given, in order (an empty list when none). */
export function list(spelling: string, description: string): Flag<string[]> {
  return { spelling, description, initial: [], parse: (value, previous) => [...(previous ?? []), value] };
}
/** A value of a flag given in turns with another, and its place on the command line among all such values. */
export interface Placed {
  value: string;
  at: number;
}
let placedSoFar = 0;
/**
 * Repeatable, each value with its place on the command line, so that flags
 * given in turns pair up (`--comment-on lid.txt:3 --body "…"`): commander
 * reads options left to right, and every value of every such flag takes the
 * next place.
 */
export function placedList(spelling: string, description: string): Flag<Placed[]> {
  return { spelling, description, initial: [], parse: (value, previous) => [...(previous ?? []), { value, at: placedSoFar++ }] };
}
/** One of a fixed set of values, with or without a default. */
export function choice<const C extends readonly string[]>(spelling: string, description: string, choices: C): Flag<C[number] | undefined>;
export function choice<const C extends readonly string[]>(spelling: string, description: string, choices: C, initial: C[number]): Flag<C[number]>;
export function choice<const C extends readonly string[]>(spelling: string, description: string, choices: C, initial?: C[number]): Flag<C[number] | undefined> {
  return { spelling, description, choices, initial };
}
/**
 * One of the values a server is known to take, listed in help and completions,
 * with a default; any other value is let through (the verb warns), so a newer
 * server's value is not blocked by an older kettle.
 */
export function openChoice(spelling: string, description: string, choices: readonly string[], initial: string): Flag<string> {
  return { spelling, description, choices, initial, parse: (value) => value };
}
/** A value turned into T by `parse` when given; undefined otherwise. */
export function parsed<T>(spelling: string, description: string, parse: (value: string) => T): Flag<T | undefined> {
  return { spelling, description, initial: undefined, parse: (value) => parse(value) };
}
