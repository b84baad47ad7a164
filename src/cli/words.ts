// Where a command line's command is, read without commander: the root options
// that may come before its word, and the top-level entry it names. Commander
// is loaded only for a command line the direct reading (direct.ts) leaves to
// it, so what every command line needs first lives here.
import { ENTRIES, type Entry } from '../commands/index.js';
import { parseTimeout } from '../config/settings.js';
import { UsageError } from '../errors.js';
import { InvalidArgumentError } from '../spec/invalid.js';
import type { Flag, VerbDef } from '../spec/spec.js';

/** A user name for --sudo: the servers look it up as given, so only surrounding blanks are dropped. */
function sudoOption(value: string): string {
  const name = value.trim();
  if (name === '') throw new InvalidArgumentError('--sudo needs a user name');
  return name;
}

function timeoutOption(value: string): number {
  try {
    return parseTimeout(value, '--timeout');
  } catch (err) {
    throw new InvalidArgumentError(err instanceof UsageError ? err.message : String(err));
  }
}

/** The options of every command line, the program's own (--version and --help aside), in the order help lists them. */
export const ROOT_FLAGS: readonly Flag<unknown>[] = [
  {
    spelling: '--login <name>',
    description: 'use this stored login instead of the default one',
    initial: undefined,
    parse: (value: string, previous: unknown) => [...((previous as string[] | undefined) ?? []), value],
  },
  { spelling: '--debug', description: 'trace each HTTP request to stderr (credentials redacted); also KETTLE_DEBUG=1', initial: undefined },
  { spelling: '--no-color', description: 'no colour in output; also NO_COLOR', initial: undefined },
  { spelling: '--timeout <seconds>', description: 'give up on a request after this many seconds (default 30); also KETTLE_TIMEOUT', initial: undefined, parse: timeoutOption },
  { spelling: '--sudo <user>', description: "act as this user (the login's user must be a site administrator)", initial: undefined, parse: sudoOption },
  {
    spelling: '--dry-run',
    description: 'make the reads, but print each write (method, path, body; a git push; a change to a local file; secrets as ***) on stdout instead of making it',
    initial: undefined,
  },
];

/** The flags a verb has by its output, after its own (program.ts's addVerb): --json and --fields for records, --jq for any JSON. */
export function outputFlags(def: Pick<VerbDef, 'output' | 'jq'>): Flag<unknown>[] {
  return [
    ...(def.output
      ? [
          { spelling: '--json', description: "print JSON: the server's records as returned", initial: undefined },
          { spelling: '--fields <list>', description: 'with --json: keys to keep (dotted paths such as user.login); otherwise the columns to show', initial: undefined },
        ]
      : []),
    ...(def.output || def.jq
      ? [{ spelling: '-q, --jq <expression>', description: "filter the JSON with jq's language (implies --json): each result on a line, strings raw", initial: undefined }]
      : []),
  ];
}

/** Root options that may come before the command's name, and whether each takes a value (bin/kettle.cjs has the same list). */
export const ROOT_OPTIONS: Record<string, boolean> = Object.fromEntries(ROOT_FLAGS.map((f) => [f.spelling.split(' ')[0], f.spelling.includes('<')]));

/**
 * Where the command's word is in argv, past the root options before it;
 * undefined when there is none, or an option before it is not a root option.
 */
export function commandWordAt(argv: readonly string[]): number | undefined {
  let i = 0;
  while (i < argv.length) {
    const word = argv[i] as string;
    if (!word.startsWith('-')) return i;
    const takesValue = ROOT_OPTIONS[word.replace(/=.*$/, '')];
    if (takesValue === undefined) return undefined;
    i += takesValue && !word.includes('=') ? 2 : 1;
  }
  return undefined;
}

/** Whether a word names a top-level command (or one of its aliases), help included. */
export function isCommandWord(word: string): boolean {
  return word === 'help' || ENTRIES.some((e) => e.name === word || (e.aliases ?? []).includes(word));
}

/** The top-level entry argv names and the two words after it; undefined as for entryNamed. */
export function branchNamed(argv: readonly string[]): { entry: Entry; next: string | undefined; after: string | undefined } | undefined {
  const i = commandWordAt(argv);
  const word = i === undefined ? undefined : argv[i];
  if (word === undefined || i === undefined) return undefined;
  const entry = ENTRIES.find((e) => e.name === word || (e.aliases ?? []).includes(word));
  return entry && entry.name !== 'completion' ? { entry, next: argv[i + 1], after: argv[i + 2] } : undefined;
}

/**
 * The top-level entry that argv names, or undefined when the whole tree is
 * needed: no command word, a word that names no command (its error suggests
 * the nearest of all of them), `help`, or an option before the command that
 * is not a root option. `completion` prints the whole tree, so it builds it.
 */
export function entryNamed(argv: readonly string[]): Entry | undefined {
  return branchNamed(argv)?.entry;
}
