// Builds the commander tree from the per-resource definitions. Specs only:
// each verb's module is imported when that verb runs, so start-up costs
// commander and the definitions of the command named, nothing more. A command
// line of the usual shape does not come here at all: cli/direct.ts reads it
// without commander, which is loaded only for the others (help, a mistake,
// an unusual shape) and for the verbs that need the whole tree.
import { Command, Option } from 'commander';
import { loadCommands } from '../commands/index.js';
import { type Session, verbAction } from './action.js';
import { findCommand, finishGroups, formatHelp } from './help.js';
import { examples } from '../spec/flags.js';
import type { Flag, GroupDef, SubGroupDef, VerbDef } from '../spec/spec.js';
import { branchNamed, outputFlags, ROOT_FLAGS } from './words.js';

export { commandWordAt, entryNamed, isCommandWord, ROOT_OPTIONS } from './words.js';

export type { Session } from './action.js';

/** Help fits a terminal's width; anything else gets commander's default of 80 columns. */
function terminalWidth(stream: { isTTY?: boolean; columns?: number }): number {
  return stream.isTTY && stream.columns ? stream.columns : 80;
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
  if (!toSubverb) for (const flag of outputFlags(def)) cmd.addOption(optionOf(flag));
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
    .helpOption('-h, --help', 'show help for a command');
  for (const flag of ROOT_FLAGS) program.addOption(optionOf(flag));
  program
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
