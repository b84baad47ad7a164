// The PowerShell completion script: a native argument completer holding the
// command tree as hash tables.
import type { Command } from 'commander';
import { describeProgram, flatten, type OptionSpec, type ValueSource } from './describe.js';
import { header, psQuote } from './quote.js';

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
  const optionEntry = (o: OptionSpec) => o.flags.map((f) => `${I}${I}@{ Flag = ${psQuote(f)}; Tip = ${psQuote(o.description || f)}; Value = $${o.takesValue ? 'true' : 'false'} }`);

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
  out.push(
    `${I}# What the value of an option ("PATH/FLAG", or "*/FLAG" everywhere) or an operand ("PATH/INDEX") may be.`,
    `${I}$values = New-Object System.Collections.Hashtable ([System.StringComparer]::Ordinal)`,
  );
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
        if ($cmdpath -eq '') {
            # The aliases: the first column of \`${name} alias list\`, beside the commands.
            $found = @($found) + @(& ${psQuote(name)} alias list 2>$null | ForEach-Object { ($_ -split "\`t")[0] } |
                Where-Object { $_ } | ForEach-Object { @{ Name = $_; Tip = 'alias' } })
            # The extensions: the first column of \`${name} extension list\`.
            $found = @($found) + @(& ${psQuote(name)} extension list 2>$null | ForEach-Object { ($_ -split "\`t")[0] } |
                Where-Object { $_ } | ForEach-Object { @{ Name = $_; Tip = 'extension' } })
        }
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
