// The direct reading of a command line (src/cli/direct.ts) held to commander's
// own: every spelling of every flag read as commander's Option reads it, and
// for a generated set of command lines over every verb, what the verb's run
// would receive (its input, the global flags, the output choice) the same
// whichever of the two read the line. A line the direct reading leaves to
// commander is not compared: commander reads it anyway.
import { PassThrough } from 'node:stream';
import { type Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { globalFlags } from '../../src/cli/action.js';
import { readDirect, spelled } from '../../src/cli/direct.js';
import { buildProgram } from '../../src/cli/program.js';
import { outputFlags, ROOT_FLAGS } from '../../src/cli/words.js';
import { ENTRIES, type Entry } from '../../src/commands/index.js';
import type { Context } from '../../src/context/context.js';
import { parseFieldList } from '../../src/output/fields.js';
import type { Flag, GroupDef, SubGroupDef, TopDef, VerbDef } from '../../src/spec/spec.js';

interface Verb {
  entry: Entry;
  top: GroupDef | TopDef;
  path: string[];
  def: VerbDef;
}

async function everyVerb(): Promise<Verb[]> {
  const found: Verb[] = [];
  for (const entry of ENTRIES) {
    const top = await entry.load();
    if ('verb' in top) {
      found.push({ entry, top, path: [entry.name], def: top.verb });
      continue;
    }
    const walk = (group: GroupDef | SubGroupDef, path: string[]) => {
      for (const v of group.verbs) {
        if ('verbs' in v) walk(v, [...path, v.name]);
        else found.push({ entry, top, path: [...path, v.name], def: v });
      }
    };
    walk(top, [entry.name]);
  }
  return found;
}

const verbs = await everyVerb();

/** The flags commander gives a verb (program.ts's addVerb): its own, then those of its output. */
const flagsOf = (def: VerbDef): Flag<unknown>[] => [...Object.values(def.flags ?? {}), ...outputFlags(def)];

describe('a flag spelling, read as commander reads it', () => {
  const spellings = [...new Set([...ROOT_FLAGS, ...verbs.flatMap((v) => flagsOf(v.def))].map((f) => f.spelling))];

  it('covers every flag of every verb, and of the program', () => {
    expect(spellings.length).toBeGreaterThan(200);
    // Every one is of a shape the direct reading takes: no verb is left to commander for its flags' spellings alone.
    expect(spellings.filter((s) => spelled(s) === undefined)).toEqual([]);
  });

  it('gives the short and long names, the negation, whether a value is taken, and the attribute of commander’s Option', () => {
    for (const spelling of spellings) {
      const option = new Option(spelling);
      const s = spelled(spelling);
      expect({ spelling, ...s }).toEqual({
        spelling,
        short: option.short,
        long: option.long,
        takesValue: option.required,
        negate: option.negate,
        attribute: option.attributeName(),
      });
      expect(option.optional || option.variadic).toBe(false);
    }
  });

  it('does not take what it cannot read like commander: no long name, an optional or a repeated value', () => {
    for (const spelling of ['-x', '--all [when]', '--label <names...>', '-a, --all, --every', '--all|-a']) expect(spelled(spelling)).toBeUndefined();
  });
});

/** What a verb's run receives when commander reads the line: its input, the global flags, the output choice and the options they come from; or commander's error. */
async function commanderReads(argv: string[], def: VerbDef, path: string[]): Promise<unknown> {
  const streams = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env: {} };
  let received: unknown = 'not run';
  const load = def.load;
  def.load = async () => ({ run: async (ctx: Context, input: Record<string, unknown>) => void (received = seen(input, ctx.flags, ctx.output)) });
  try {
    const program = await buildProgram({ streams, version: '0', onContext: () => undefined }, argv);
    await program.parseAsync(argv, { from: 'user' });
    // The options as the verb's action read them, from the verb's command in the tree just parsed.
    let cmd: Command | undefined = program;
    for (const word of path) cmd = cmd?.commands.find((c) => c.name() === word);
    return { ...(received as object), globals: cmd?.optsWithGlobals() };
  } catch (err) {
    return `commander refused: ${(err as Error).message}`;
  } finally {
    def.load = load;
  }
}

/** The same from the direct reading, or undefined when it leaves the line to commander. */
function directReads(argv: string[], verb: Verb): unknown {
  const line = readDirect(argv, verb.entry, verb.top);
  if (line === undefined) return undefined;
  expect(line.def).toBe(verb.def);
  const { globals } = line;
  const output = { kind: globals.jq !== undefined ? 'jq' : globals.json === true ? 'json' : 'view', fields: globals.fields === undefined ? undefined : parseFieldList(globals.fields) };
  return { ...(seen(line.input, globalFlags(globals, {}), output) as object), globals };
}

/**
 * What is compared: the input (each value a repeatable flag places on the
 * command line counted from the line's first, as placedList numbers them
 * for the whole process), the global flags, the output's kind and fields.
 */
function seen(input: Record<string, unknown>, flags: unknown, output: { kind: string; fields?: unknown }): unknown {
  const places = Object.values(input)
    .flatMap((v) => (Array.isArray(v) ? v : []))
    .filter((v): v is { value: string; at: number } => typeof v === 'object' && v !== null && 'at' in v)
    .map((v) => v.at)
    .sort((a, b) => a - b);
  const placed = (v: unknown) => (typeof v === 'object' && v !== null && 'at' in v ? { ...v, at: places.indexOf((v as { at: number }).at) } : v);
  const normal = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.map(placed) : v]));
  return { input: normal, flags, output: { kind: output.kind, fields: output.fields } };
}

const CANDIDATES = ['3', 'open', 'alice', 'a.txt:2', '2026-01-05', '1h', 'x,y'];

/** A value a flag takes: one of its choices, else the first candidate its parser accepts. */
function valueFor(flag: Flag<unknown>): string {
  if (flag.choices !== undefined && flag.parse === undefined) return flag.choices[0] as string;
  for (const v of CANDIDATES) {
    try {
      flag.parse?.(v, undefined);
      return v;
    } catch {
      // the next one
    }
  }
  return '3';
}

/** Command lines for a verb: its words and arguments, each flag in each of its spellings, the root options before and after, all flags at once, each repeated. */
function linesFor(verb: Verb): string[][] {
  const declared = Object.values(verb.def.args ?? {});
  const operand = (spelling: string, choices: readonly string[] | undefined) => {
    const one = choices?.[0] ?? 'owner/name';
    return /\.\.\.[>\]]$/.test(spelling) ? [one, choices?.at(-1) ?? '7'] : [one];
  };
  const required = declared.filter((a) => a.spelling.startsWith('<')).flatMap((a) => operand(a.spelling, a.choices));
  const all = declared.flatMap((a) => operand(a.spelling, a.choices));
  const base = [...verb.path, ...required];
  const lines: string[][] = [base, [...verb.path, ...all], [...verb.path, ...all, 'one-too-many']];
  const uses = flagsOf(verb.def).map((flag) => {
    const s = spelled(flag.spelling);
    if (s === undefined) return [];
    if (!s.takesValue) return [[s.long]];
    const v = valueFor(flag);
    return [[s.long, v], [`${s.long}=${v}`], ...(s.short ? [[s.short, v]] : [])];
  });
  for (const forms of uses) for (const form of forms) lines.push([...base, ...form]);
  const once = uses.map((forms) => forms[0] ?? []);
  lines.push([...base, ...once.flat()]);
  lines.push([...base, ...once.flat(), ...once.flat()]);
  lines.push(['--login', 'work', '--debug', ...base]);
  lines.push([...verb.path.slice(0, 1), '--no-color', ...verb.path.slice(1), ...required, '--timeout', '5', '--sudo', 'bob', '--dry-run', '--login', 'a', '--login=b']);
  lines.push([...base, ...once.flat().reverse()]);
  // The program's --no-color beside the verb's own flags (label create's --color shares its attribute).
  lines.push(['--no-color', ...base, ...once.flat()]);
  return lines;
}

describe('a command line read without commander', () => {
  it('gives each verb’s run what commander’s reading gives it, over every verb', async () => {
    let compared = 0;
    const plainNotRead: string[] = [];
    for (const verb of verbs) {
      for (const [i, argv] of linesFor(verb).entries()) {
        const direct = directReads(argv, verb);
        if (direct === undefined) {
          if (i === 0 && verb.def.subverbs === undefined) plainNotRead.push(argv.join(' '));
          continue;
        }
        expect({ argv, read: await commanderReads(argv, verb.def, verb.path) }).toEqual({ argv, read: direct });
        compared++;
      }
    }
    // Each verb's plainest line is read directly (a verb with subverbs is left to commander).
    expect(plainNotRead).toEqual([]);
    expect(compared).toBeGreaterThan(1500);
  });

  const issue = verbs.find((v) => v.path.join(' ') === 'issue list') as Verb;
  const view = verbs.find((v) => v.path.join(' ') === 'issue view') as Verb;

  it.each([
    ['help', ['issue', 'list', '--help']],
    ['help, short', ['issue', 'list', '-h']],
    ['the version', ['issue', 'list', '-V']],
    ['the end of options', ['issue', 'list', '--', '-x']],
    ['a short flag and its value run together', ['issue', 'list', '-L5']],
    ['a value that starts with a dash', ['issue', 'list', '--search', '-x']],
    ['a value that would be a flag', ['issue', 'list', '--search', '--debug']],
    ['a missing value', ['issue', 'list', '--search']],
    ['an unknown flag', ['issue', 'list', '--bogus']],
    ['a value given to a switch', ['issue', 'list', '--json=yes']],
    ['a verb flag before the verb', ['issue', '--state', 'open', 'list']],
    ['no verb', ['issue']],
    ['an unknown verb', ['issue', 'lst']],
    ['an extra argument', ['issue', 'list', 'extra']],
    ['a value the flag refuses', ['issue', 'list', '--limit', '0']],
    ['a value outside the choices', ['issue', 'list', '--state', 'half-open']],
  ])('leaves to commander: %s', (_, argv) => {
    expect(readDirect(argv, issue.entry, issue.top)).toBeUndefined();
  });

  it('leaves to commander a missing argument, and reads the same line with it', () => {
    expect(readDirect(['issue', 'view'], view.entry, view.top)).toBeUndefined();
    expect(readDirect(['issue', 'view', '7'], view.entry, view.top)?.input).toMatchObject({ number: '7' });
  });

  it('reads root options anywhere, as commander does, and a lone dash as a value', () => {
    const line = readDirect(['--login', 'a', 'issue', '--debug', 'list', '--search', '-', '--login=b', '-L', '2'], issue.entry, issue.top);
    expect(line?.globals).toMatchObject({ login: ['a', 'b'], debug: true, color: true });
    expect(line?.input).toMatchObject({ search: '-', limit: 2 });
  });
});
