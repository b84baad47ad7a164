// What the bash and zsh scripts share: the lookup functions, written as `case`
// tables, that both shells' completion functions call.
import type { CommandSpec, OptionSpec, ValueSource } from './describe.js';
import { shQuote, shWord } from './quote.js';

/**
 * The lookup functions bash and zsh share, as `case` tables on "PATH/WORD":
 * _subcommand, _takes_value, _value, _flags (bash only: zsh has its own), _commands
 * (bash only), _arg.
 */
export function shCommonFunctions(
  out: string[],
  all: CommandSpec[],
  p: string,
  values: (source: ValueSource, cur: string, heading: string) => string | undefined,
  globals: OptionSpec[],
  flagsCall: ((key: string, words: string[]) => string) | undefined,
): void {
  const pattern = (key: string, word: string) => shQuote(`${key}/${word}`);
  /** One lookup function: a `case` on `subject`, then maybe a catch-all arm and a last line. */
  const caseFunction = (comment: string, name: string, subject: string, rows: [string[], string][], opts: { otherwise?: string; end?: string } = {}) => {
    out.push(`# ${comment}`, `${p}_${name}() {`, `  case ${subject} in`, ...rows.map(([pats, body]) => `    ${pats.join('|')}) ${body} ;;`));
    if (opts.otherwise) out.push(`    *) ${opts.otherwise} ;;`);
    out.push('  esac');
    if (opts.end) out.push(`  ${opts.end}`);
    out.push('}', '');
  };

  // Subcommands and their aliases.
  const subs: [string[], string][] = [];
  for (const cmd of all) {
    for (const sub of cmd.commands) {
      subs.push([[sub.name, ...sub.aliases].map((w) => pattern(cmd.key, w)), `REPLY=${shQuote(sub.key)}`]);
    }
  }
  caseFunction('The subcommand that word $2 names in command $1 (a path such as "issue list"): in REPLY.', 'subcommand', '"$1/$2"', subs, { otherwise: 'return 1' });

  // Options that take a value.
  const takes: [string[], string][] = [];
  for (const cmd of all) {
    const pats = cmd.options.filter((o) => !o.global && o.takesValue).flatMap((o) => o.flags.map((f) => pattern(cmd.key, f)));
    if (pats.length) takes.push([pats, 'return 0']);
  }
  const globalTakes = globals.filter((o) => o.takesValue).flatMap((o) => o.flags.map((f) => `*/${shWord(f)}`));
  if (globalTakes.length) takes.push([globalTakes, 'return 0']);
  caseFunction('Whether option $2 of command $1 takes a value.', 'takes_value', '"$1/$2"', takes, { end: 'return 1' });

  // Values of options.
  const vals: [string[], string][] = [];
  for (const cmd of all) {
    for (const o of cmd.options.filter((o) => !o.global)) {
      const body = values(o.values, '$3', o.valueName);
      if (body) vals.push([o.flags.map((f) => pattern(cmd.key, f)), body]);
    }
  }
  for (const o of globals) {
    const body = values(o.values, '$3', o.valueName);
    if (body) vals.push([o.flags.map((f) => `*/${shWord(f)}`), body]);
  }
  caseFunction('Offer the values of option $2 of command $1 that start with $3.', 'value', '"$1/$2"', vals, { end: 'return 0' });

  // Values of operands.
  const args: [string[], string][] = [];
  for (const cmd of all) {
    cmd.args.forEach((a, i) => {
      const body = values(a.values, '$3', a.name);
      if (body) args.push([[pattern(cmd.key, String(i))], body]);
    });
  }
  caseFunction('Offer the values of operand $2 (from 0) of command $1 that start with $3.', 'arg', '"$1/$2"', args, { end: 'return 0' });

  if (flagsCall) {
    const flagArms: [string[], string][] = all.map((cmd) => [
      [shQuote(cmd.key)],
      flagsCall(
        cmd.key,
        cmd.options.flatMap((o) => o.flags),
      ),
    ]);
    caseFunction('Offer the options of command $1 that start with $2.', 'flags', '$1', flagArms, { end: 'return 0' });
    const cmdArms: [string[], string][] = all
      .filter((cmd) => cmd.commands.length)
      .map((cmd) => [[shQuote(cmd.key)], flagsCall(cmd.key, [...cmd.commands.map((c) => c.name), ...(cmd.helpCommand ? [cmd.helpCommand.name] : [])])]);
    caseFunction('Offer the subcommands of command $1 that start with $2; fail when it has none.', 'commands', '$1', cmdArms, { otherwise: 'return 1', end: 'return 0' });
  }
}
