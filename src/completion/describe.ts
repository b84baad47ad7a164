// The command tree as the completion scripts see it: each command's path,
// aliases, options and operands, and what may be typed as their values.
// Built from commander's tree once per script; the scripts are generated from
// this description only (bash.ts, zsh.ts, fish.ts, powershell.ts).
import type { Argument, Command, Option } from 'commander';

/** What may be typed as an option's value or an operand. */
export type ValueSource =
  | { kind: 'none' }
  | { kind: 'words'; words: readonly string[] }
  /** The names of the stored logins, read when completing from `kettle login list`. */
  | { kind: 'logins' }
  | { kind: 'files' };

export interface OptionSpec {
  short: string | undefined;
  long: string | undefined;
  /** The spellings, short first: `['-s', '--state']`. */
  flags: string[];
  description: string;
  takesValue: boolean;
  /** The name of the value in the help (`state` for `--state <state>`). */
  valueName: string;
  values: ValueSource;
  /** Declared on the program: accepted at every level, and alike everywhere. */
  global: boolean;
}

export interface CommandSpec {
  name: string;
  aliases: string[];
  description: string;
  /** Subcommand names from the program down; empty for the program itself. */
  path: string[];
  /** The path joined with spaces: the key each script looks commands up by. */
  key: string;
  /** The command's own options, then those of the commands around it (the program's last). */
  options: OptionSpec[];
  /** One entry per operand, in order. */
  args: { name: string; values: ValueSource }[];
  commands: CommandSpec[];
  /** Commander's implicit `help` command: offered as a word, nothing more. */
  helpCommand: { name: string; description: string } | undefined;
}

const NONE: ValueSource = { kind: 'none' };
const LOGINS: ValueSource = { kind: 'logins' };
const FILES: ValueSource = { kind: 'files' };

function valueNameOf(flags: string): string {
  return /[<[]([^>\]]*)[>\]]/.exec(flags)?.[1]?.replace(/\.\.\.$/, '') ?? '';
}

function optionValues(option: Option, valueName: string): ValueSource {
  if (!option.required && !option.optional) return NONE;
  if (option.argChoices?.length) return { kind: 'words', words: [...option.argChoices] };
  if (option.long === '--login') return LOGINS;
  if (/file/i.test(valueName)) return FILES;
  return NONE;
}

function argumentValues(arg: Argument, path: string[]): ValueSource {
  if (arg.argChoices?.length) return { kind: 'words', words: [...arg.argChoices] };
  // `login default NAME`, `login delete NAME`: a stored login.
  if (path[0] === 'login' && arg.name() === 'name') return LOGINS;
  if (/file/i.test(arg.name())) return FILES;
  return NONE;
}

function optionSpec(option: Option, global: boolean): OptionSpec {
  const valueName = valueNameOf(option.flags);
  return {
    short: option.short,
    long: option.long,
    flags: [option.short, option.long].filter((f): f is string => Boolean(f)),
    description: oneLine(option.description),
    takesValue: option.required || option.optional,
    valueName,
    values: optionValues(option, valueName),
    global,
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function sameOption(a: OptionSpec, b: OptionSpec): boolean {
  return a.short === b.short && a.long === b.long && a.takesValue === b.takesValue;
}

/** The tree as the scripts need it: commands, aliases, options and the values they take. */
export function describeProgram(program: Command): CommandSpec {
  const help = program.createHelp();
  const globals = help.visibleOptions(program).map((o) => optionSpec(o, true));

  function describe(cmd: Command, path: string[], inherited: OptionSpec[]): CommandSpec {
    const own = path.length === 0 ? [] : help.visibleOptions(cmd).map((o) => optionSpec(o, false));
    const options: OptionSpec[] = [];
    for (const option of [...own, ...inherited, ...globals]) {
      // The program's own options (and the help option every command shares) count as global.
      const global = globals.find((g) => sameOption(g, option));
      const spec = global ?? option;
      if (options.some((o) => o.flags.some((f) => spec.flags.includes(f)))) continue;
      options.push(spec);
    }
    const visible = help.visibleCommands(cmd);
    const helpCmd = visible.find((c) => !cmd.commands.includes(c));
    const ownNonGlobal = options.filter((o) => !o.global);
    return {
      name: cmd.name(),
      aliases: [...cmd.aliases()],
      description: oneLine(cmd.description()),
      path,
      key: path.join(' '),
      options,
      args: cmd.registeredArguments.map((a) => ({
        name: a.name(),
        // `kettle help COMMAND`: the commands themselves.
        values: path.length === 1 && path[0] === 'help' ? { kind: 'words', words: help.visibleCommands(program).map((c) => c.name()) } : argumentValues(a, path),
      })),
      // A verb's options are not its subverbs' (`pr review` beside `pr review submit`): only a group's pass down.
      commands: visible.filter((c) => c !== helpCmd).map((c) => describe(c, [...path, c.name()], cmd.registeredArguments.length > 0 ? inherited : ownNonGlobal)),
      helpCommand: helpCmd ? { name: helpCmd.name(), description: oneLine(helpCmd.description()) } : undefined,
    };
  }

  return describe(program, [], []);
}

export function flatten(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(flatten)];
}
