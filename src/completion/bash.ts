// The bash completion script: needs bash only, not the bash-completion package.
import type { Command } from 'commander';
import { describeProgram, flatten, type ValueSource } from './describe.js';
import { header, ident, shWord } from './quote.js';
import { shCommonFunctions } from './sh.js';

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
    "  while IFS=$'\\t' read -r login rest; do",
    '    [[ -n $login && $login == "$1"* ]] && COMPREPLY+=("$login")',
    `  done < <(${name} login list 2>/dev/null)`,
    '  return 0',
    '}',
    '',
    `# The aliases and the extensions: the first column of \`${name} alias list\` and \`${name} extension list\`, offered beside the commands.`,
    `${p}_aliases() {`,
    '  local alias rest',
    "  while IFS=$'\\t' read -r alias rest; do",
    '    [[ -n $alias && $alias == "$1"* ]] && COMPREPLY+=("$alias")',
    `  done < <(${name} alias list 2>/dev/null; ${name} extension list 2>/dev/null)`,
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
  shCommonFunctions(out, all, p, bashValues, globals, (_key, words) => `${p}_words "$2" ${words.map(shWord).join(' ')}`);

  out.push(
    `# Complete the word under the cursor of a ${name} command line.`,
    `_${ident(name)}() {`,
    '  COMPREPLY=()',
    '  # bash splits words at the characters of COMP_WORDBREAKS, "=" and ":" among',
    '  # them: "--state=open" comes as "--state" "=" "open", and a login named',
    '  # "127.0.0.1:3000" as "127.0.0.1" ":" "3000". Put each word back together: a',
    '  # piece joins the word before it when no blank parts them in COMP_LINE and',
    '  # either is made of "=" and ":" only.',
    '  local -a words=()',
    '  local line=$COMP_LINE rest prev= i w n',
    '  for ((i = 0; i <= COMP_CWORD; i++)); do',
    '    w=${COMP_WORDS[i]}',
    '    n=${#words[@]}',
    '    rest=${line#"${line%%[![:blank:]]*}"}',
    '    if ((n > 1)) && [[ $rest == "$line" && -n $w && $line == "$w"* ]] &&',
    '      [[ -z ${w//[=:]/} || -z ${prev//[=:]/} ]]; then',
    '      words[n-1]+=$w',
    '    else',
    '      words+=("$w")',
    '    fi',
    '    line=${rest#"$w"}',
    '    prev=$w',
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
    '    ((${#COMPREPLY[@]})) && COMPREPLY=("${COMPREPLY[@]/#/${cur%%=*}=}")',
    '  elif [[ -z $ended && $cur == -* ]]; then',
    `    ${p}_flags "$cmdpath" "$cur"`,
    `  elif ((arg == 0)) && ${p}_commands "$cmdpath" "$cur"; then`,
    `    [[ -z $cmdpath ]] && ${p}_aliases "$cur"`,
    '  else',
    `    ${p}_arg "$cmdpath" "$arg" "$cur"`,
    '  fi',
    '  # The answers are whole words, but readline replaces only the last piece of',
    '  # the word (what follows its last "=" or ":" when those split words): offer',
    '  # what follows the pieces before it, as "3000" for "127.0.0.1:3".',
    '  w=${COMP_WORDS[COMP_CWORD]}',
    '  [[ -z ${w//[=:]/} ]] && w=',
    '  n=$((${#cur} - ${#w}))',
    '  if ((n > 0 && ${#COMPREPLY[@]})); then',
    '    w=${cur:0:n}',
    '    COMPREPLY=("${COMPREPLY[@]#"$w"}")',
    '  fi',
    '  return 0',
    '}',
    '',
    `complete -F _${ident(name)} ${name}`,
  );
  return `${out.join('\n')}\n`;
}
