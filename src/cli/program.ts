// Builds the commander tree from the per-resource definitions. Specs only:
// each verb's module is imported when that verb runs, so start-up costs
// commander and the definitions of the command named, nothing more.
import { Command, InvalidArgumentError, Option } from 'commander';
import { ENTRIES, type Entry, loadCommands } from '../commands/index.js';
import { parseTimeout } from '../config/settings.js';
import { UsageError } from '../errors.js';
import { type Session, verbAction } from './action.js';
import { findCommand, finishGroups, formatHelp } from './help.js';
import { examples } from '../spec/flags.js';
import type { Flag, GroupDef, SubGroupDef, VerbDef } from '../spec/spec.js';

export type { Session } from './action.js';

/** Help fits a terminal's width; anything else gets commander's default of 80 columns. */
function terminalWidth(stream: { isTTY?: boolean; columns?: number }): number {
  return stream.isTTY && stream.columns ? stream.columns : 80;
}

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

function optionOf(flag: Flag<unknown>): Option {
  const option = new Option(flag.spelling, flag.description);
  if (flag.choices) option.choices(flag.choices);
  // After choices(): a parser of its own replaces commander's check (-X patch is fine); the choices still show in help.
  if (flag.parse) option.argParser(flag.parse as (value: string, previous: unknown) => unknown);
  if (typeof flag.initial === 'string' || typeof flag.initial === 'number') option.default(flag.initial, flag.showDefault);
  if (flag.hidden) option.hideHelp();
  return option;
}

/**
 * Add a verb to parent: description, arguments, flags, examples, and the action
 * that loads and runs it. `next` is the word after the verb on the command
 * line: when it names one of the verb's subverbs (`pr review submit`), the
 * verb is added without flags of its own, so that commander, which reads a
 * command's options wherever they stand, leaves them all to the subverb.
 */
function addVerb(parent: Command, session: Session, def: VerbDef, next?: string): Command {
  const cmd = parent.command(def.name).description(def.summary);
  for (const alias of def.aliases ?? []) cmd.alias(alias);
  for (const a of Object.values(def.args ?? {})) {
    cmd.argument(a.spelling, a.description);
    if (a.choices) cmd.registeredArguments.at(-1)?.choices(a.choices);
  }
  const toSubverb = next !== undefined && (def.subverbs ?? []).some((v) => v.name === next || (v.aliases ?? []).includes(next));
  const flags = toSubverb ? [] : Object.entries(def.flags ?? {}).map(([key, flag]) => ({ key, flag, option: optionOf(flag) }));
  for (const { option } of flags) cmd.addOption(option);
  if (def.output && !toSubverb) {
    cmd.option('--json', "print JSON: the server's records as returned");
    cmd.option('--fields <list>', 'with --json: keys to keep (dotted paths such as user.login); otherwise the columns to show');
  }
  if ((def.output || def.jq) && !toSubverb) {
    cmd.option('-q, --jq <expression>', "filter the JSON with jq's language (implies --json): each result on a line, strings raw");
  }
  cmd.addHelpText('after', examples(def.examples) + (def.notes ?? ''));
  if (def.excess !== undefined) cmd.allowExcessArguments(true);
  if (def.subverbs) {
    for (const sub of def.subverbs) {
      const made = addVerb(cmd, session, sub);
      // The verb above is not a group: its options are not the subverb's, so its help does not list them as global.
      made.configureHelp({ ...made.configureHelp(), visibleGlobalOptions: (c: Command) => globalOptionsAbove(c) });
    }
  }
  cmd.action(
    verbAction(
      def,
      session,
      flags.map(({ key, flag, option }) => ({ key, flag, attribute: option.attributeName() })),
      rootOf,
    ),
  );
  return cmd;
}

/** The options of the commands above cmd that apply to it: the groups' and the program's, not a verb's above a subverb. */
function globalOptionsAbove(cmd: Command): Option[] {
  const found: Option[] = [];
  for (let at = cmd.parent; at; at = at.parent) if (at.registeredArguments.length === 0) found.push(...at.options.filter((o) => !o.hidden));
  return found;
}

/** The whole tree, for a root that may hold only one branch of it. */
const treeOf = new WeakMap<Command, () => Promise<Command>>();

function rootOf(cmd: Command): Promise<Command> {
  let at = cmd;
  while (at.parent) at = at.parent;
  return treeOf.get(at)?.() ?? Promise.resolve(at);
}

/**
 * A group and its verbs. With `named`, the word that follows the group on the
 * command line: only the verb (or subgroup) it names, when it names one; any
 * other word (none, an option, a misspelling whose error suggests the nearest
 * verb) gets them all.
 */
function addGroup(parent: Command, session: Session, def: GroupDef | SubGroupDef, named?: string, after?: string): Command {
  const notes = 'notes' in def ? (def.notes ?? '') : '';
  const group = parent
    .command(def.name)
    .description(def.summary)
    .addHelpText('after', examples(def.examples) + notes);
  for (const alias of def.aliases ?? []) group.alias(alias);
  const chosen = named === undefined ? undefined : def.verbs.find((v) => v.name === named || (v.aliases ?? []).includes(named));
  for (const v of chosen ? [chosen] : def.verbs) {
    if ('verbs' in v) addGroup(group, session, v);
    else addVerb(group, session, v, chosen ? after : undefined);
  }
  if ('section' in def) group.helpGroup(def.section);
  return group;
}

/** Root options that may come before the command's name, and whether each takes a value (bin/kettle.cjs has the same list). */
export const ROOT_OPTIONS: Record<string, boolean> = { '--login': true, '--timeout': true, '--sudo': true, '--debug': false, '--no-color': false, '--dry-run': false };

/**
 * The top-level entry that argv names, or undefined when the whole tree is
 * needed: no command word, a word that names no command (its error suggests
 * the nearest of all of them), `help`, or an option before the command that
 * is not a root option. `completion` prints the whole tree, so it builds it.
 */
export function entryNamed(argv: readonly string[]): Entry | undefined {
  return branchNamed(argv)?.entry;
}

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

/** The top-level entry argv names (see entryNamed) and the two words after it. */
function branchNamed(argv: readonly string[]): { entry: Entry; next: string | undefined; after: string | undefined } | undefined {
  const i = commandWordAt(argv);
  const word = i === undefined ? undefined : argv[i];
  if (word === undefined || i === undefined) return undefined;
  const entry = ENTRIES.find((e) => e.name === word || (e.aliases ?? []).includes(word));
  return entry && entry.name !== 'completion' ? { entry, next: argv[i + 1], after: argv[i + 2] } : undefined;
}

/**
 * The commander tree. With argv, only the branch it names: `kettle issue list`
 * loads the definitions of `issue` alone and builds `issue list`, not the
 * other ~100 verbs (each costs option parsing and help set-up at start-up);
 * anything else builds the whole tree. The tree a verb sees through
 * ctx.commandTree() is always the whole one.
 */
export async function buildProgram(session: Session, argv?: readonly string[]): Promise<Command> {
  const branch = argv === undefined ? undefined : branchNamed(argv);
  const only = branch?.entry;
  const defs = only ? [await only.load()] : await loadCommands();
  let whole: Promise<Command> | undefined;
  const tree = (): Promise<Command> => {
    if (only === undefined) return Promise.resolve(program);
    whole ??= buildProgram(session);
    return whole;
  };
  const program = rootCommand({ ...session, tree });
  for (const entry of defs) {
    if ('verbs' in entry) addGroup(program, session, entry, branch?.next, branch?.after);
    else addVerb(program, session, entry.verb).helpGroup(entry.section);
  }
  addHelpCommand(program);
  finishGroups(program);
  return program;
}

function rootCommand(session: Session & { tree: () => Promise<Command> }): Command {
  const program = new Command('kettle');
  treeOf.set(program, session.tree);
  program
    .description('Work with a Gitea-family code-hosting service from the command line.')
    .version(session.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .option('--login <name>', 'use this stored login instead of the default one', (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
    .option('--debug', 'trace each HTTP request to stderr (credentials redacted); also KETTLE_DEBUG=1')
    .option('--no-color', 'no colour in output; also NO_COLOR')
    .option('--timeout <seconds>', 'give up on a request after this many seconds (default 30); also KETTLE_TIMEOUT', timeoutOption)
    .option('--sudo <user>', "act as this user (the login's user must be a site administrator)", sudoOption)
    .option('--dry-run', 'make the reads, but print each write (method, path, body; a git push; a change to a local file; secrets as ***) on stdout instead of making it')
    .showSuggestionAfterError(true)
    .configureHelp({ formatHelp, showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: (s) => session.streams.stdout.write(s),
      writeErr: (s) => session.streams.stderr.write(s),
      // Commander would ask process.stdout and process.stderr how wide they
      // are; the streams this command line runs against may be others.
      getOutHelpWidth: () => terminalWidth(session.streams.stdout),
      getErrHelpWidth: () => terminalWidth(session.streams.stderr),
      outputError: (s, write) => write(`kettle: ${s.replace(/^error: /, '')}`),
    })
    .addHelpText(
      'after',
      `
Environment:
  KETTLE_URL, KETTLE_TOKEN  use this server and token, ignoring stored logins (CI)
  KETTLE_LOGIN              name of the stored login to use
  KETTLE_CONFIG_DIR         folder of the config file
  KETTLE_DEBUG=1            same as --debug
  KETTLE_TIMEOUT            seconds before a request is given up (default 30)
  HTTPS_PROXY, NO_PROXY     send requests through a proxy, except to these hosts
  NO_COLOR, FORCE_COLOR     turn colour off or on
  KETTLE_EDITOR, KETTLE_PAGER, KETTLE_BROWSER, KETTLE_PROMPT, KETTLE_GIT_PROTOCOL
                            beat the settings of the same names (kettle help config)
${examples(['kettle login add --url https://git.example.com --with-token < token.txt', 'kettle whoami', 'kettle issue list -R alice/teapot', 'kettle help issue list'])}
Run 'kettle help COMMAND...' or 'kettle COMMAND... --help' for a command's options and examples.
`,
    );
  return program;
}

function addHelpCommand(program: Command): void {
  program
    .command('help')
    .description('Show the help of a command: its arguments, options and examples')
    .argument('[command...]', 'the command, such as: issue list (none: the overview of every command)')
    .addHelpText('after', examples(['kettle help issue list', 'kettle help api', 'kettle help']))
    .action((words: string[]) => findCommand(program, words).outputHelp())
    .helpGroup('Other:');
}
