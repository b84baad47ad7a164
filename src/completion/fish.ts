// The fish completion script: `complete` lines guarded by conditions on the
// command the words before the cursor are in.
import type { Command } from 'commander';
import { describeProgram, flatten, type OptionSpec, type ValueSource } from './describe.js';
import { fishQuote, header, ident } from './quote.js';

export function fishScript(program: Command): string {
  const root = describeProgram(program);
  const all = flatten(root);
  const name = root.name;
  const p = `__${ident(name)}`;
  const globals = root.options;
  const fishCase = (pats: string[]) => `        case ${pats.map(fishQuote).join(' ')}`;

  const out: string[] = [
    ...header('#', name, 'fish', ['Install it:', `  ${name} completion fish > ~/.config/fish/completions/${name}.fish`]),
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
    '        else if test "$w" = \'--\'',
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
    `# The aliases: the first column of \`${name} alias list\`, offered beside the commands.`,
    `function ${p}_aliases`,
    `    for line in (${name} alias list 2>/dev/null)`,
    "        string replace -r '\\t.*' '' -- $line",
    '    end',
    'end',
    '',
    `# The extensions: the first column of \`${name} extension list\`, offered beside the commands.`,
    `function ${p}_extensions`,
    `    for line in (${name} extension list 2>/dev/null)`,
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
    if (cmd.path.length === 0) out.push(`complete -c ${name}${cond(0)} -a ${fishQuote(`(${p}_aliases)`)} -d alias`);
    if (cmd.path.length === 0) out.push(`complete -c ${name}${cond(0)} -a ${fishQuote(`(${p}_extensions)`)} -d extension`);
    cmd.args.forEach((a, i) => {
      if (a.values.kind === 'words') out.push(`complete -c ${name}${cond(i)} -a ${fishQuote(a.values.words.join(' '))}`);
      if (a.values.kind === 'logins') out.push(`complete -c ${name}${cond(i)} -a ${fishQuote(`(${p}_logins)`)}`);
      if (a.values.kind === 'files') out.push(`complete -c ${name}${cond(i)} -F`);
    });
    for (const o of own) out.push(optionLine(o, cond()));
  }
  return `${out.join('\n')}\n`;
}
