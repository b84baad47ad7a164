// A command line read without commander, when it has the plain shape nearly
// every command line has: root options, the command's words, then the verb's
// arguments and flags, each flag whole and on its own (`--limit 5`,
// `--limit=5`, `-L 5`, `--json`, `--no-color`). Commander, which otherwise
// builds the command's branch and parses the line, is then not even loaded:
// it was 125 KB of the core's 923, and building the branch and parsing the
// line allocated enough for a young-generation collection of their own
// (test/tools/BENCH.md).
//
// What it reads is what commander would: test/unit/direct.test.ts holds the
// reading of every verb's flags and of a generated set of command lines to
// commander's own. Anything else is left to commander, which reads it or says
// what is wrong with it: --help, --version, `--`, short flags run together
// (`-L5`, `-ab`), a value that starts with a dash, a flag whose value is
// optional or repeats (`[value]`, `<values...>`), an unknown flag, a flag
// before the verb's word, a verb with subverbs, a missing or extra argument,
// and a value a flag or an argument refuses.
import type { Entry } from '../commands/index.js';
import type { Flag, GroupDef, SubGroupDef, TopDef, VerbDef } from '../spec/spec.js';
import type { GlobalOpts } from './action.js';
import { outputFlags, ROOT_FLAGS } from './words.js';

/** A command line read: the verb, its input (arguments and flags by the definition's names) and the options as commander's optsWithGlobals gives them. */
export interface DirectLine {
  def: VerbDef;
  input: Record<string, unknown>;
  globals: GlobalOpts;
}

/** A flag as commander reads its spelling (commander's Option: short, long, negate, attributeName()). */
export interface Spelled {
  short: string | undefined;
  long: string;
  /** Takes a value (`<value>`); flags with an optional or repeated value are not read here. */
  takesValue: boolean;
  negate: boolean;
  attribute: string;
}

/** The flags that commander itself answers wherever they stand: help and the version. */
const ANSWERED = new Set(['-h', '--help', '-V', '--version']);

/**
 * How commander reads a spelling such as `-L, --limit <n>`, `--json` or
 * `--no-color`; undefined for any other shape (no long name, two long names,
 * an optional or repeated value), which this reading does not take.
 */
export function spelled(spelling: string): Spelled | undefined {
  const m = /^(?:(-[A-Za-z0-9]), )?(--[a-z0-9][a-z0-9-]*)(?: <[^<>[\].]+>)?$/.exec(spelling);
  if (m === null) return undefined;
  const long = m[2] as string;
  const negate = long.startsWith('--no-');
  const name = long.slice(2).replace(negate ? /^no-/ : /^$/, '');
  return {
    short: m[1],
    long,
    takesValue: spelling.endsWith('>'),
    negate,
    // Commander's camelcase: each word after a dash with its first letter in capitals.
    attribute: name.split('-').reduce((all, word) => all + (word[0] ?? '').toUpperCase() + word.slice(1)),
  };
}

/** A flag this reading knows, where its value goes, and the definition's flag. */
interface Known {
  spelled: Spelled;
  flag: Flag<unknown>;
  /** The root's (the program's options) or the verb's. */
  root: boolean;
}

/** The flags commander gives a verb (program.ts's addVerb), by each spelling they answer to; undefined when one is not read here. */
function verbFlags(def: VerbDef): { known: Map<string, Known>; values: Record<string, unknown> } | undefined {
  const flags: Flag<unknown>[] = [...Object.values(def.flags ?? {}), ...outputFlags(def)];
  const known = new Map<string, Known>();
  const values: Record<string, unknown> = {};
  const longs = new Set<string>();
  for (const flag of flags) {
    const s = spelled(flag.spelling);
    // A flag on a verb that the program also has is the program's, wherever it stands: left to commander.
    if (s === undefined || (!s.takesValue && flag.parse !== undefined) || ROOT_KNOWN.has(s.long) || (s.short && ROOT_KNOWN.has(s.short))) return undefined;
    // The defaults as commander's addOption sets them: a negation defaults to true unless its positive was declared before it.
    if (s.negate) {
      if (!longs.has(`--${s.long.slice(5)}`)) values[s.attribute] = true;
    } else if (typeof flag.initial === 'string' || typeof flag.initial === 'number') values[s.attribute] = flag.initial;
    longs.add(s.long);
    known.set(s.long, { spelled: s, flag, root: false });
    if (s.short !== undefined) known.set(s.short, { spelled: s, flag, root: false });
  }
  return { known, values };
}

const ROOT_KNOWN = new Map<string, Known>(
  ROOT_FLAGS.map((flag) => {
    const s = spelled(flag.spelling) as Spelled;
    return [s.long, { spelled: s, flag, root: true }];
  }),
);

/** The words that name a group's verb or subgroup. */
const names = (d: { name: string; aliases?: string[] | undefined }): string[] => [d.name, ...(d.aliases ?? [])];

/**
 * The command line read, for the top-level entry it names (whose definitions
 * are `top`), or undefined when it is left to commander.
 */
export function readDirect(argv: readonly string[], entry: Entry, top: GroupDef | TopDef): DirectLine | undefined {
  let group: GroupDef | SubGroupDef | undefined;
  let def: VerbDef | undefined;
  let verb: ReturnType<typeof verbFlags>;
  let named = false;
  const operands: string[] = [];
  const given: { known: Known; value: string | undefined }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === '--') return undefined;
    if (word.length > 1 && word.startsWith('-')) {
      const eq = word.startsWith('--') ? word.indexOf('=') : -1;
      const name = eq === -1 ? word : word.slice(0, eq);
      if (ANSWERED.has(name)) return undefined;
      const known = ROOT_KNOWN.get(name) ?? verb?.known.get(name);
      if (known === undefined) return undefined;
      let value: string | undefined;
      if (eq !== -1) {
        if (!known.spelled.takesValue) return undefined;
        value = word.slice(eq + 1);
      } else if (known.spelled.takesValue) {
        value = argv[++i];
        // Commander takes the next word whatever it is; one that looks like a flag is left to it.
        if (value === undefined || (value.length > 1 && value.startsWith('-'))) return undefined;
      }
      given.push({ known, value });
      continue;
    }
    if (def !== undefined) {
      operands.push(word);
      continue;
    }
    // The command's words, down to the verb.
    if (!named) {
      if (!names(entry).includes(word)) return undefined;
      named = true;
      if ('verb' in top) def = top.verb;
      else group = top;
    } else {
      const next = group?.verbs.find((v) => names(v).includes(word));
      if (next === undefined) return undefined;
      if ('verbs' in next) group = next;
      else def = next;
    }
    if (def !== undefined) {
      if (def.subverbs !== undefined) return undefined;
      verb = verbFlags(def);
      if (verb === undefined) return undefined;
    }
  }
  if (def === undefined || verb === undefined) return undefined;
  const args = argumentsOf(def, operands);
  if (args === undefined) return undefined;
  // The values, in the order given, as commander's option handler sets them: a
  // flag's parser gets the value so far (its default, or what earlier uses gave).
  const root: Record<string, unknown> = {};
  for (const flag of ROOT_KNOWN.values()) if (flag.spelled.negate) root[flag.spelled.attribute] = true;
  const own = verb.values;
  for (const { known, value } of given) {
    const into = known.root ? root : own;
    const { attribute, negate } = known.spelled;
    const { parse, choices } = known.flag;
    if (value === undefined) into[attribute] = !negate;
    else if (parse !== undefined) {
      try {
        into[attribute] = parse(value, into[attribute]);
      } catch {
        return undefined;
      }
    } else if (choices !== undefined && !choices.includes(value)) return undefined;
    else into[attribute] = value;
  }
  const input: Record<string, unknown> = {};
  Object.keys(def.args ?? {}).forEach((key, i) => {
    input[key] = args[i];
  });
  for (const [key, flag] of Object.entries(def.flags ?? {})) {
    const value = own[(spelled(flag.spelling) as Spelled).attribute];
    input[key] = value === undefined ? flag.initial : value;
  }
  // As commander's optsWithGlobals: the verb's values, then the program's over them (`label create --color` and --no-color share an attribute).
  return { def, input, globals: { ...own, ...root } as GlobalOpts };
}

/**
 * The verb's arguments as commander hands them to its action: each declared
 * one in turn, the last one taking the rest when it repeats (`<number...>`).
 * Undefined when one is missing, one is too many, or one is not among an
 * argument's choices.
 */
function argumentsOf(def: VerbDef, operands: string[]): unknown[] | undefined {
  const declared = Object.values(def.args ?? {});
  const args: unknown[] = [];
  for (const [i, a] of declared.entries()) {
    const m = /^([<[])[^<>[\].]+(\.\.\.)?[>\]]$/.exec(a.spelling);
    if (m === null) return undefined;
    const required = m[1] === '<';
    const repeats = m[2] !== undefined;
    if (repeats && i !== declared.length - 1) return undefined;
    const values = repeats ? operands.slice(i) : operands.slice(i, i + 1);
    if (required && values.length === 0) return undefined;
    if (a.choices !== undefined && values.some((v) => !a.choices?.includes(v))) return undefined;
    args.push(repeats ? values : values[0]);
  }
  const repeated = declared.length > 0 && /\.\.\.[>\]]$/.test((declared.at(-1) as { spelling: string }).spelling);
  if (!repeated && operands.length > declared.length) return undefined;
  return args;
}
