// The zsh completion script: autoloaded from $fpath or sourced after compinit.
import type { Command } from 'commander';
import { describeProgram, flatten, type OptionSpec, type ValueSource } from './describe.js';
import { header, ident, shQuote, shWord, zshItem } from './quote.js';
import { shCommonFunctions } from './sh.js';

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
    `# The aliases: the first column of \`${name} alias list\`, offered beside the commands.`,
    `${p}_aliases() {`,
    '  local -a aliases',
    `  aliases=(\${\${(f)"$(${name} alias list 2>/dev/null)"}%%$'\\t'*})`,
    `  (( \${#aliases} )) && ${p}_offer aliases 'alias' $aliases`,
    '  return 0',
    '}',
    '',
    `# The extensions: the first column of \`${name} extension list\`, offered beside the commands.`,
    `${p}_extensions() {`,
    '  local -a extensions',
    `  extensions=(\${\${(f)"$(${name} extension list 2>/dev/null)"}%%$'\\t'*})`,
    `  (( \${#extensions} )) && ${p}_offer extensions 'extension' $extensions`,
    '  return 0',
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
    `    [[ -z $cmdpath ]] && ${p}_aliases && ${p}_extensions`,
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
