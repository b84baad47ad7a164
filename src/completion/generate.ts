// Shell completion scripts, generated from the commander tree. Pure functions:
// the same tree gives byte-identical scripts, and the scripts need nothing but
// the shell itself (and `kettle login list` for the names of stored logins).
//
// Every script works the same way: walk the words before the cursor to find the
// (sub)command they are in and how many operands it has been given, skipping
// the value of each option that takes one; then offer that command's
// subcommands, its options, an option's values, or an operand's values.
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
      commands: visible.filter((c) => c !== helpCmd).map((c) => describe(c, [...path, c.name()], ownNonGlobal)),
      helpCommand: helpCmd ? { name: helpCmd.name(), description: oneLine(helpCmd.description()) } : undefined,
    };
  }

  return describe(program, [], []);
}

function flatten(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(flatten)];
}

/** A name usable inside a shell function name. */
function ident(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '_');
}

// ---------------------------------------------------------------------------
// Quoting

/** A word for sh-family shells (bash, zsh): bare when safe, else single-quoted. */
function shWord(s: string): string {
  return /^[A-Za-z0-9_.,:/=+@%-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Always single-quoted (case patterns, keys that may be empty). */
function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function fishQuote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function psQuote(s: string): string {
  // PowerShell also takes the typographic single quotes as quotes.
  return `'${s.replace(/['\u2018\u2019\u201A\u201B]/g, (c) => c + c)}'`;
}

/** `name:description` for zsh's _describe, the name's colons escaped. */
function zshItem(name: string, description: string): string {
  return shQuote(`${name.replace(/:/g, '\\:')}${description ? `:${description}` : ''}`);
}

function header(comment: string, program: string, shell: string, install: string[]): string[] {
  return [
    `${comment} ${shell} completion for ${program}. Generated by \`${program} completion ${shell.toLowerCase()}\`: do not edit.`,
    ...install.map((l) => (l ? `${comment} ${l}` : comment)),
  ];
}

// ---------------------------------------------------------------------------
// bash

export function bashScript(program: Command): string {
  const root = describeProgram(program);
  const all = flatten(root);
  const name = root.name;
  const p = `__${ident(name)}`;
  const globals = root.options;
  const out: string[] = [
    '# shellcheck shell=bash',
    ...header('#', name, 'bash', [
      'Needs bash only (the bash-completion package is not required). Load it:',
      `  source <(${name} completion bash)`,
      'or install it where bash-completion looks:',
      `  ${name} completion bash > ~/.local/share/bash-completion/completions/${name}`,
    ]),
    '',
    '# Offer each word ($2...) that starts with the word being completed ($1).',
    `${p}_words() {`,
    '  local cur=$1 w',
    '  shift',
    '  for w in "$@"; do',
    '    [[ $w == "$cur"* ]] && COMPREPLY+=("$w")',
    '  done',
    '  return 0',
    '}',
    '',
    `# The stored logins: the first column of \`${name} login list\`.`,
    `${p}_logins() {`,
    '  local login rest',
    '  while IFS=$\'\\t\' read -r login rest; do',
    '    [[ -n $login && $login == "$1"* ]] && COMPREPLY+=("$login")',
    `  done < <(${name} login list 2>/dev/null)`,
    '  return 0',
    '}',
    '',
    `${p}_files() {`,
    '  local f',
    '  while IFS= read -r f; do COMPREPLY+=("$f"); done < <(compgen -f -- "$1")',
    '  compopt -o filenames 2>/dev/null',
    '  return 0',
    '}',
    '',
  ];
  const bashValues = (source: ValueSource, cur: string): string | undefined => {
    switch (source.kind) {
      case 'words':
        return `${p}_words "${cur}" ${source.words.map(shWord).join(' ')}`;
      case 'logins':
        return `${p}_logins "${cur}"`;
      case 'files':
        return `${p}_files "${cur}"`;
      default:
        return undefined;
    }
  };
  shCommonFunctions(out, all, p, bashValues, globals, (key, words) => `${p}_words "$2" ${words.map(shWord).join(' ')}`);

  out.push(
    `# Complete the word under the cursor of a ${name} command line.`,
    `_${ident(name)}() {`,
    '  COMPREPLY=()',
    '  # bash splits "--state=open" into three words at "=": put them back together.',
    '  local -a words=()',
    '  local i w n',
    '  for ((i = 0; i <= COMP_CWORD; i++)); do',
    '    w=${COMP_WORDS[i]}',
    '    n=${#words[@]}',
    '    if [[ $w == = ]] && ((n > 0)) && [[ ${words[n-1]} == --* && ${words[n-1]} != *=* ]]; then',
    '      words[n-1]+="="',
    '      if ((i < COMP_CWORD)); then',
    '        i=$((i + 1))',
    '        words[n-1]+=${COMP_WORDS[i]}',
    '      fi',
    '    else',
    '      words+=("$w")',
    '    fi',
    '  done',
    '  local cword=$((${#words[@]} - 1))',
    '  local cur=${words[cword]} cmdpath= arg=0 opt= ended= REPLY=',
    '  for ((i = 1; i < cword; i++)); do',
    '    w=${words[i]}',
    '    if [[ -n $ended ]]; then',
    '      arg=$((arg + 1))',
    '    elif [[ $w == -- ]]; then',
    '      ended=1',
    '    elif [[ $w == -?* ]]; then',
    `      if [[ $w != *=* ]] && ${p}_takes_value "$cmdpath" "$w"; then`,
    '        if ((i + 1 == cword)); then',
    '          opt=$w',
    '          break',
    '        fi',
    '        i=$((i + 1))',
    '      fi',
    `    elif ((arg == 0)) && ${p}_subcommand "$cmdpath" "$w"; then`,
    '      cmdpath=$REPLY',
    '    else',
    '      arg=$((arg + 1))',
    '    fi',
    '  done',
    '  if [[ -n $opt ]]; then',
    `    ${p}_value "$cmdpath" "$opt" "$cur"`,
    '  elif [[ -z $ended && $cur == --*=* ]]; then',
    `    ${p}_value "$cmdpath" "\${cur%%=*}" "\${cur#*=}"`,
    '    # Where "=" does not split words, the word replaced still holds "--option=".',
    '    w=${COMP_WORDS[COMP_CWORD]}',
    '    if [[ $w == *=* && $w != = ]] && ((${#COMPREPLY[@]})); then',
    '      COMPREPLY=("${COMPREPLY[@]/#/${cur%%=*}=}")',
    '    fi',
    '  elif [[ -z $ended && $cur == -* ]]; then',
    `    ${p}_flags "$cmdpath" "$cur"`,
    `  elif ((arg == 0)) && ${p}_commands "$cmdpath" "$cur"; then`,
    '    :',
    '  else',
    `    ${p}_arg "$cmdpath" "$arg" "$cur"`,
    '  fi',
    '  return 0',
    '}',
    '',
    `complete -F _${ident(name)} ${name}`,
  );
  return `${out.join('\n')}\n`;
}

/**
 * The lookup functions bash and zsh share, as `case` tables on "PATH/WORD":
 * _subcommand, _takes_value, _value, _flags (bash only: zsh has its own), _commands
 * (bash only), _arg.
 */
function shCommonFunctions(
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
    const flagArms: [string[], string][] = all.map((cmd) => [[shQuote(cmd.key)], flagsCall(cmd.key, cmd.options.flatMap((o) => o.flags))]);
    caseFunction('Offer the options of command $1 that start with $2.', 'flags', '$1', flagArms, { end: 'return 0' });
    const cmdArms: [string[], string][] = all
      .filter((cmd) => cmd.commands.length)
      .map((cmd) => [[shQuote(cmd.key)], flagsCall(cmd.key, [...cmd.commands.map((c) => c.name), ...(cmd.helpCommand ? [cmd.helpCommand.name] : [])])]);
    caseFunction('Offer the subcommands of command $1 that start with $2; fail when it has none.', 'commands', '$1', cmdArms, { otherwise: 'return 1', end: 'return 0' });
  }
}

// ---------------------------------------------------------------------------
// zsh

export function zshScript(program: Command): string {
  const root = describeProgram(program);
  const all = flatten(root);
  const name = root.name;
  const p = `__${ident(name)}`;
  const fn = `_${ident(name)}`;
  const globals = root.options;
  const out: string[] = [
    `#compdef ${name}`,
    ...header('#', name, 'zsh', [
      `Install it as _${name} in a folder of $fpath, before compinit runs:`,
      `  ${name} completion zsh > "\${fpath[1]}/_${name}"`,
      `or load it in the current shell (after compinit): source <(${name} completion zsh)`,
    ]),
    '',
    '# Offer words ($3...) under a tag ($1) and a heading ($2).',
    `${p}_offer() {`,
    '  local tag=$1 heading=$2',
    '  shift 2',
    '  local -a items',
    '  items=("${@//:/\\\\:}")',
    '  _describe -t "$tag" "$heading" items',
    '}',
    '',
    `# The stored logins: the first column of \`${name} login list\`.`,
    `${p}_logins() {`,
    '  local -a logins',
    `  logins=(\${\${(f)"$(${name} login list 2>/dev/null)"}%%$'\\t'*})`,
    `  ${p}_offer logins 'stored login' $logins`,
    '}',
    '',
  ];
  const zshValues = (source: ValueSource, _cur: string, heading: string): string | undefined => {
    switch (source.kind) {
      case 'words':
        return `${p}_offer values ${shQuote(heading || 'value')} ${source.words.map(shWord).join(' ')}`;
      case 'logins':
        return `${p}_logins`;
      case 'files':
        return '_files';
      default:
        return undefined;
    }
  };
  shCommonFunctions(out, all, p, zshValues, globals, undefined);

  const flagItems = (options: OptionSpec[]) => options.flatMap((o) => o.flags.map((f) => `      ${zshItem(f, o.description)}`));
  out.push('# Offer the options of command $1.', `${p}_flags() {`, '  local -a flags', '  case $1 in');
  for (const cmd of all) {
    const own = cmd.options.filter((o) => !o.global);
    if (own.length) out.push(`    ${shQuote(cmd.key)}) flags=(`, ...flagItems(own), '    ) ;;');
  }
  out.push('  esac', '  flags+=(', ...flagItems(globals), '  )', "  _describe -t options 'option' flags", '}', '');

  out.push('# Offer the subcommands of command $1; fail when it has none.', `${p}_commands() {`, '  local -a subcommands', '  case $1 in');
  for (const cmd of all.filter((c) => c.commands.length)) {
    out.push(
      `    ${shQuote(cmd.key)}) subcommands=(`,
      ...cmd.commands.map((c) => `      ${zshItem(c.name, c.description)}`),
      ...(cmd.helpCommand ? [`      ${zshItem(cmd.helpCommand.name, cmd.helpCommand.description)}`] : []),
      '    ) ;;',
    );
  }
  out.push('    *) return 1 ;;', '  esac', `  _describe -t commands ${shQuote(`${name} command`)} subcommands`, '  return 0', '}', '');

  out.push(
    `${fn}() {`,
    '  local cur=${words[CURRENT]} cmdpath= opt= ended= w REPLY=',
    '  local -i i arg=0',
    '  for ((i = 2; i < CURRENT; i++)); do',
    '    w=${words[i]}',
    '    if [[ -n $ended ]]; then',
    '      arg+=1',
    '    elif [[ $w == -- ]]; then',
    '      ended=1',
    '    elif [[ $w == -?* ]]; then',
    `      if [[ $w != *=* ]] && ${p}_takes_value "$cmdpath" "$w"; then`,
    '        if ((i + 1 == CURRENT)); then',
    '          opt=$w',
    '          break',
    '        fi',
    '        i+=1',
    '      fi',
    `    elif ((arg == 0)) && ${p}_subcommand "$cmdpath" "$w"; then`,
    '      cmdpath=$REPLY',
    '    else',
    '      arg+=1',
    '    fi',
    '  done',
    '  if [[ -n $opt ]]; then',
    `    ${p}_value "$cmdpath" "$opt"`,
    '  elif [[ -z $ended && $cur == --*=* ]]; then',
    "    compset -P '*='",
    `    ${p}_value "$cmdpath" "\${cur%%=*}"`,
    '  elif [[ -z $ended && $cur == -* ]]; then',
    `    ${p}_flags "$cmdpath"`,
    `  elif ((arg == 0)) && ${p}_commands "$cmdpath"; then`,
    '    :',
    '  else',
    `    ${p}_arg "$cmdpath" "$arg"`,
    '  fi',
    '}',
    '',
    `# Autoloaded from $fpath: complete now. Sourced: register with compinit's compdef.`,
    `if [[ \${funcstack[1]} == ${fn} ]]; then`,
    `  ${fn} "$@"`,
    'elif (( $+functions[compdef] )); then',
    `  compdef ${fn} ${name}`,
    'fi',
  );
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------------------
// fish

export function fishScript(program: Command): string {
  const root = describeProgram(program);
  const all = flatten(root);
  const name = root.name;
  const p = `__${ident(name)}`;
  const globals = root.options;
  const fishCase = (pats: string[]) => `        case ${pats.map(fishQuote).join(' ')}`;

  const out: string[] = [
    ...header('#', name, 'fish', [
      'Install it:',
      `  ${name} completion fish > ~/.config/fish/completions/${name}.fish`,
    ]),
    '',
    `# The subcommand that word $argv[2] names in command $argv[1] (a path such as "issue list").`,
    `function ${p}_subcommand`,
    '    switch "$argv[1]/$argv[2]"',
  ];
  for (const cmd of all) {
    for (const sub of cmd.commands) {
      out.push(fishCase([sub.name, ...sub.aliases].map((w) => `${cmd.key}/${w}`)), `            echo ${fishQuote(sub.key)}`);
    }
  }
  out.push("        case '*'", '            return 1', '    end', 'end', '');

  out.push('# Whether option $argv[2] of command $argv[1] takes a value.', `function ${p}_takes_value`, '    switch "$argv[1]/$argv[2]"');
  for (const cmd of all) {
    const pats = cmd.options.filter((o) => !o.global && o.takesValue).flatMap((o) => o.flags.map((f) => `${cmd.key}/${f}`));
    if (pats.length) out.push(fishCase(pats), '            return 0');
  }
  const globalTakes = globals.filter((o) => o.takesValue).flatMap((o) => o.flags.map((f) => `*/${f}`));
  if (globalTakes.length) out.push(fishCase(globalTakes), '            return 0');
  out.push('    end', '    return 1', 'end', '');

  out.push(
    '# "ARG/PATH": the command the words before the cursor are in, and how many operands it has.',
    `function ${p}_state`,
    '    set -l tokens (commandline -opc)',
    '    set -e tokens[1]',
    "    set -l cmdpath ''",
    '    set -l arg 0',
    '    set -l ended 0',
    '    set -l skip 0',
    '    for w in $tokens',
    '        if test $skip = 1',
    '            set skip 0',
    '        else if test $ended = 1',
    '            set arg (math $arg + 1)',
    "        else if test \"$w\" = '--'",
    '            set ended 1',
    "        else if string match -q -- '-?*' $w",
    `            if not string match -q -- '*=*' $w; and ${p}_takes_value "$cmdpath" $w`,
    '                set skip 1',
    '            end',
    `        else if test $arg = 0; and set -l sub (${p}_subcommand "$cmdpath" $w)`,
    '            set cmdpath $sub',
    '        else',
    '            set arg (math $arg + 1)',
    '        end',
    '    end',
    '    echo "$arg/$cmdpath"',
    'end',
    '',
    '# Whether the command line is in command $argv[1] (and, given $argv[2], at that operand).',
    `function ${p}_using`,
    `    set -l state (${p}_state)`,
    '    if set -q argv[2]',
    '        test "$state" = "$argv[2]/$argv[1]"',
    '    else',
    "        test (string replace -r '^[0-9]+/' '' -- $state) = \"$argv[1]\"",
    '    end',
    'end',
    '',
    `# The stored logins: the first column of \`${name} login list\`.`,
    `function ${p}_logins`,
    `    for line in (${name} login list 2>/dev/null)`,
    "        string replace -r '\\t.*' '' -- $line",
    '    end',
    'end',
    '',
    `complete -c ${name} -f`,
  );

  const valueArgs = (source: ValueSource): string => {
    switch (source.kind) {
      case 'words':
        return ` -x -a ${fishQuote(source.words.join(' '))}`;
      case 'logins':
        return ` -x -a ${fishQuote(`(${p}_logins)`)}`;
      case 'files':
        return ' -r -F';
      default:
        return ' -x';
    }
  };
  const optionLine = (o: OptionSpec, condition: string) => {
    const parts = [`complete -c ${name}${condition}`];
    if (o.short) parts.push(` -s ${o.short.slice(1)}`);
    if (o.long) parts.push(` -l ${o.long.slice(2)}`);
    if (o.takesValue) parts.push(valueArgs(o.values));
    if (o.description) parts.push(` -d ${fishQuote(o.description)}`);
    return parts.join('');
  };

  out.push('', '# Options accepted everywhere');
  for (const o of globals) out.push(optionLine(o, ''));
  for (const cmd of all) {
    const own = cmd.options.filter((o) => !o.global);
    const operands = cmd.args.filter((a) => a.values.kind !== 'none');
    if (!cmd.commands.length && !own.length && !operands.length) continue;
    const keyArg = /^[A-Za-z0-9 _.,:@+-]*$/.test(cmd.key) ? `"${cmd.key}"` : fishQuote(cmd.key);
    const cond = (arg?: number) => ` -n ${fishQuote(`${p}_using ${keyArg}${arg === undefined ? '' : ` ${arg}`}`)}`;
    out.push('', `# ${[name, ...cmd.path].join(' ')}`);
    for (const sub of cmd.commands) out.push(`complete -c ${name}${cond(0)} -a ${fishQuote(sub.name)} -d ${fishQuote(sub.description)}`);
    if (cmd.helpCommand) out.push(`complete -c ${name}${cond(0)} -a ${fishQuote(cmd.helpCommand.name)} -d ${fishQuote(cmd.helpCommand.description)}`);
    cmd.args.forEach((a, i) => {
      if (a.values.kind === 'words') out.push(`complete -c ${name}${cond(i)} -a ${fishQuote(a.values.words.join(' '))}`);
      if (a.values.kind === 'logins') out.push(`complete -c ${name}${cond(i)} -a ${fishQuote(`(${p}_logins)`)}`);
      if (a.values.kind === 'files') out.push(`complete -c ${name}${cond(i)} -F`);
    });
    for (const o of own) out.push(optionLine(o, cond()));
  }
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------------------
// PowerShell

export function powershellScript(program: Command): string {
  const root = describeProgram(program);
  const all = flatten(root);
  const name = root.name;
  const globals = root.options;
  const I = '    ';
  const source = (s: ValueSource): string => {
    switch (s.kind) {
      case 'words':
        return `@{ Kind = 'words'; Words = @(${s.words.map(psQuote).join(', ')}) }`;
      default:
        return `@{ Kind = '${s.kind}' }`;
    }
  };
  const optionEntry = (o: OptionSpec) =>
    o.flags.map((f) => `${I}${I}@{ Flag = ${psQuote(f)}; Tip = ${psQuote(o.description || f)}; Value = $${o.takesValue ? 'true' : 'false'} }`);

  const out: string[] = [
    ...header('#', name, 'PowerShell', [
      'Load it in the current session:',
      `  ${name} completion powershell | Out-String | Invoke-Expression`,
      'and add that line to your profile ($PROFILE) to keep it.',
    ]),
    '',
    `Register-ArgumentCompleter -Native -CommandName ${psQuote(name)} -ScriptBlock {`,
    `${I}param($wordToComplete, $commandAst, $cursorPosition)`,
    '',
    `${I}# Tables keyed by "PATH/WORD", PATH being a command such as "issue list" ('' for ${name}),`,
    `${I}# case-sensitive as ${name} is ("-f" and "-F" differ).`,
    `${I}# The subcommand each word names (aliases included).`,
    `${I}$children = New-Object System.Collections.Hashtable ([System.StringComparer]::Ordinal)`,
  ];
  const set = (table: string, key: string, value: string) => `${I}$${table}[${psQuote(key)}] = ${value}`;
  for (const cmd of all) {
    for (const sub of cmd.commands) {
      for (const w of [sub.name, ...sub.aliases]) out.push(set('children', `${cmd.key}/${w}`, psQuote(sub.key)));
    }
  }
  out.push('', `${I}# The subcommands of each command.`, `${I}$commands = New-Object System.Collections.Hashtable ([System.StringComparer]::Ordinal)`);
  for (const cmd of all.filter((c) => c.commands.length)) {
    out.push(set('commands', cmd.key, '@('));
    for (const c of cmd.commands) out.push(`${I}${I}@{ Name = ${psQuote(c.name)}; Tip = ${psQuote(c.description || c.name)} }`);
    if (cmd.helpCommand) out.push(`${I}${I}@{ Name = ${psQuote(cmd.helpCommand.name)}; Tip = ${psQuote(cmd.helpCommand.description)} }`);
    out.push(`${I})`);
  }
  out.push('', `${I}# The options of each command, besides those accepted everywhere.`, `${I}$options = New-Object System.Collections.Hashtable ([System.StringComparer]::Ordinal)`);
  for (const cmd of all) {
    const own = cmd.options.filter((o) => !o.global);
    if (!own.length) continue;
    out.push(set('options', cmd.key, '@('), ...own.flatMap(optionEntry), `${I})`);
  }
  out.push(`${I}$globalOptions = @(`, ...globals.flatMap(optionEntry), `${I})`, '');
  out.push(`${I}# What the value of an option ("PATH/FLAG", or "*/FLAG" everywhere) or an operand ("PATH/INDEX") may be.`, `${I}$values = New-Object System.Collections.Hashtable ([System.StringComparer]::Ordinal)`);
  for (const cmd of all) {
    for (const o of cmd.options.filter((o) => !o.global && o.values.kind !== 'none')) {
      for (const f of o.flags) out.push(set('values', `${cmd.key}/${f}`, source(o.values)));
    }
    cmd.args.forEach((a, i) => {
      if (a.values.kind !== 'none') out.push(set('values', `${cmd.key}/${i}`, source(a.values)));
    });
  }
  for (const o of globals.filter((o) => o.values.kind !== 'none')) {
    for (const f of o.flags) out.push(set('values', `*/${f}`, source(o.values)));
  }
  out.push('');
  out.push(
    ...`
    $takesValue = {
        param($cmdpath, $flag)
        $all = @($options[$cmdpath]) + $globalOptions
        foreach ($o in $all) {
            if ($o -and $o.Flag -ceq $flag) { return $o.Value }
        }
        return $false
    }

    # The words before the one being completed.
    $words = @($commandAst.CommandElements |
        Where-Object { $_.Extent.EndOffset -lt $cursorPosition } |
        ForEach-Object { $_.Extent.Text })
    $cmdpath = ''
    $arg = 0
    $opt = $null
    $ended = $false
    for ($i = 1; $i -lt $words.Count; $i++) {
        $w = $words[$i]
        if ($ended) {
            $arg++
        } elseif ($w -ceq '--') {
            $ended = $true
        } elseif ($w -clike '-?*') {
            if (-not $w.Contains('=') -and (& $takesValue $cmdpath $w)) {
                if ($i + 1 -eq $words.Count) { $opt = $w; break }
                $i++
            }
        } elseif ($arg -eq 0 -and $children.ContainsKey("$cmdpath/$w")) {
            $cmdpath = $children["$cmdpath/$w"]
        } else {
            $arg++
        }
    }

    $cur = $wordToComplete
    $prefix = ''
    $found = @()
    $kind = 'ParameterValue'
    $source = $null
    if ($opt) {
        $source = $values["$cmdpath/$opt"]
        if (-not $source) { $source = $values["*/$opt"] }
    } elseif (-not $ended -and $cur -clike '--*=*') {
        $flag = $cur.Substring(0, $cur.IndexOf('='))
        $prefix = "$flag="
        $cur = $cur.Substring($prefix.Length)
        $source = $values["$cmdpath/$flag"]
        if (-not $source) { $source = $values["*/$flag"] }
    } elseif (-not $ended -and $cur -clike '-*') {
        $kind = 'ParameterName'
        $found = @(@($options[$cmdpath]) + $globalOptions | Where-Object { $_ } |
            ForEach-Object { @{ Name = $_.Flag; Tip = $_.Tip } })
    } elseif ($arg -eq 0 -and $commands.ContainsKey($cmdpath)) {
        $found = $commands[$cmdpath]
    } else {
        $source = $values["$cmdpath/$arg"]
    }
    if ($source) {
        switch ($source.Kind) {
            'words' { $found = @($source.Words | ForEach-Object { @{ Name = $_; Tip = $_ } }) }
            'logins' {
                $found = @(& ${psQuote(name)} login list 2>$null | ForEach-Object { ($_ -split "\`t")[0] } |
                    Where-Object { $_ } | ForEach-Object { @{ Name = $_; Tip = $_ } })
            }
            # 'files': no answer, so PowerShell completes file names itself.
        }
    }
    $found | Where-Object { $_.Name.StartsWith($cur, [System.StringComparison]::Ordinal) } | ForEach-Object {
        [System.Management.Automation.CompletionResult]::new("$prefix$($_.Name)", $_.Name, $kind, $_.Tip)
    }
}`
      .slice(1)
      .split('\n'),
  );
  return `${out.join('\n')}\n`;
}
