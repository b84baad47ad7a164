// `kettle completion SHELL`, and the scripts committed under completions/.
//
// The committed scripts must equal what the binary prints. After changing the
// command tree, regenerate them with:
//   npm run build:cli
//   node bin/kettle.cjs completion bash > completions/kettle.bash
//   node bin/kettle.cjs completion zsh > completions/_kettle
//   node bin/kettle.cjs completion fish > completions/kettle.fish
//   node bin/kettle.cjs completion powershell > completions/kettle.ps1
//
// bash, zsh and fish load the committed scripts and complete real command
// lines. zsh and fish must be installed in CI (.ci/run installs them); on a
// developer machine without them, only the scripts' structure is checked.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, run, tempDir, type RunResult } from '../support/harness.js';

const FILES = {
  bash: 'completions/kettle.bash',
  zsh: 'completions/_kettle',
  fish: 'completions/kettle.fish',
  powershell: 'completions/kettle.ps1',
} as const;
type Shell = keyof typeof FILES;

const STYLES = ['fast-forward-only', 'merge', 'rebase', 'rebase-merge', 'squash'];
/** The stored logins: two named as `kettle login add` names them by default, host:port. */
const LOGINS = ['127.0.0.1:3000', '127.0.0.1:8080', 'home', 'work'];
const TOP = [
  'admin',
  'alias',
  'api',
  'branch',
  'browse',
  'completion',
  'config',
  'extension',
  'gpg-key',
  'help',
  'hook',
  'issue',
  'label',
  'login',
  'milestone',
  'notification',
  'org',
  'package',
  'pr',
  'release',
  'repo',
  'run',
  'runner',
  'search',
  'secret',
  'ssh-key',
  'status',
  'tag',
  'team',
  'time',
  'user',
  'variable',
  'whoami',
  'wiki',
  'workflow',
];

/** The aliases (kettle alias list): offered beside the commands, at the top only. */
const ALIASES = ['co', 'my-bugs'];

/** The installed extensions (kettle extension list): likewise offered at the top. */
const EXTENSIONS = ['brew'];

/** The stored tokens start with this: completing --login must never show them. */
const SECRET = 'completion-secret-token';

function committed(shell: Shell): string {
  return readFileSync(join(ROOT, FILES[shell]), 'utf8');
}

function hasShell(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Run a program with a script on the command line; resolves with what it printed. */
function exec(cmd: string, args: string[], env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** A shell word, single-quoted for bash, zsh and fish alike (no quotes inside). */
function q(word: string): string {
  if (word.includes("'")) throw new Error(`test words must not hold quotes: ${word}`);
  return `'${word}'`;
}

/**
 * The line bash split into these words: COMP_WORDBREAKS characters ("=" and
 * ":" here) come as words of their own, with no blank between them and their
 * neighbours.
 */
function typed(words: string[]): string {
  const piece = (w: string | undefined) => w !== undefined && /^[=:]+$/.test(w);
  return words.map((w, i) => (i > 0 && !piece(w) && !piece(words[i - 1]) ? ` ${w}` : w)).join('');
}

const sorted = (words: string[]) => [...words].sort();
const split = (line: string | undefined) => (line ?? '').split(/\s+/).filter(Boolean);

// A `kettle` on PATH (the scripts run `kettle login list`) and the stored LOGINS.
let tmp: ReturnType<typeof tempDir>;
let shellEnv: Record<string, string>;

beforeAll(() => {
  tmp = tempDir('kettle-completion-');
  const bin = join(tmp.path, 'bin');
  const config = join(tmp.path, 'config');
  mkdirSync(bin);
  mkdirSync(config);
  writeFileSync(join(bin, 'kettle'), `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'bin', 'kettle.cjs')}' "$@"\n`, { mode: 0o755 });
  const login = (port: number, user: string) => ({ url: `http://127.0.0.1:${port}/api/v1`, auth: 'header', token: `${SECRET}-${user}`, user });
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({ default: 'work', logins: { work: login(1, 'a'), home: login(2, 'b'), '127.0.0.1:3000': login(3000, 'c'), '127.0.0.1:8080': login(8080, 'd') } }),
    { mode: 0o600 },
  );
  chmodSync(join(config, 'config.json'), 0o600);
  writeFileSync(join(config, 'settings.json'), JSON.stringify({ aliases: { co: 'pr checkout', 'my-bugs': 'issue list --label bug' } }), { mode: 0o600 });
  // An extension installed from a local folder: its record in the data folder.
  const brew = join(tmp.path, '.local', 'share', 'kettle', 'extensions', 'brew');
  mkdirSync(brew, { recursive: true });
  writeFileSync(join(brew, 'extension.json'), JSON.stringify({ name: 'brew', kind: 'local', source: tmp.path, path: tmp.path, allowToken: false, version: '', installed: '' }));
  shellEnv = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: tmp.path,
    KETTLE_CONFIG_DIR: config,
    LANG: 'C.UTF-8',
    TERM: 'xterm',
  };
});

afterAll(() => tmp?.cleanup());

describe('kettle completion', () => {
  for (const shell of Object.keys(FILES) as Shell[]) {
    it(`prints the ${shell} script, the same as ${FILES[shell]}`, async () => {
      const result = await run(['completion', shell]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.length).toBeGreaterThan(1000);
      const again = await run(['completion', shell]);
      expect(again.stdout === result.stdout, 'two runs printed different scripts').toBe(true);
      expect(result.stdout === committed(shell), `${FILES[shell]} is stale: run \`npm run completions\` and commit completions/`).toBe(true);
    });
  }

  it('exits 2 with one line naming the shells it knows for an unknown shell', async () => {
    const result = await run(['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^kettle: unknown shell "tcsh"; supported shells: bash, zsh, fish, powershell\n$/);
  });
});

describe('bash script', () => {
  // [words on the command line, the last one being completed] -> what is offered
  const cases: [string[], string[]][] = [
    [['kettle', 'iss'], ['issue']],
    [
      ['kettle', ''],
      [...TOP, ...ALIASES, ...EXTENSIONS],
    ],
    [
      ['kettle', 'c'],
      ['completion', 'config', 'co'],
    ],
    [
      ['kettle', 'pr', 'c'],
      ['checkout', 'checks', 'close', 'comment', 'comments', 'create'],
    ],
    [
      ['kettle', 'issue', ''],
      ['close', 'comment', 'create', 'delete', 'dependency', 'edit', 'list', 'lock', 'pin', 'react', 'reopen', 'status', 'subscribe', 'unlock', 'unpin', 'unsubscribe', 'view'],
    ],
    [
      ['kettle', 'branch', ''],
      ['create', 'delete', 'list', 'protect', 'protection', 'rename', 'unprotect', 'view'],
    ],
    [
      ['kettle', 'branch', 'protection', ''],
      ['list', 'view'],
    ],
    [['kettle', 'branch', 'protect', 'main', '--no-d'], ['--no-dismiss-stale-approvals']],
    [['kettle', 'help', ''], TOP],
    [
      ['kettle', 'time', ''],
      ['add', 'cancel', 'delete', 'list', 'reset', 'start', 'stop'],
    ],
    [
      ['kettle', 'issue', 'dependency', ''],
      ['add', 'list', 'remove'],
    ],
    [['kettle', 'help', 'is'], ['issue']],
    // A verb with subverbs offers them; the subverb's options are its own, not the verb's.
    [
      ['kettle', 'pr', 'review', ''],
      ['discard', 'submit'],
    ],
    [
      ['kettle', 'pr', 'comments', 'r'],
      ['reply', 'resolve'],
    ],
    [['kettle', 'pr', 'review', '7', '--comment-'], ['--comment-on']],
    [['kettle', 'pr', 'review', 'submit', '7', '--comment-'], []],
    [['kettle', 'issue', 'ls', '--st'], ['--state']],
    [['kettle', 'issue', 'list', '--st'], ['--state']],
    [
      ['kettle', 'issue', 'list', '--state', ''],
      ['all', 'closed', 'open'],
    ],
    [['kettle', 'issue', 'list', '-s', 'c'], ['closed']],
    // bash splits --state=c at "=" (COMP_WORDBREAKS), or keeps it whole when "=" is not a break.
    [['kettle', 'issue', 'list', '--state', '=', 'c'], ['closed']],
    [['kettle', 'issue', 'list', '--state=c'], ['--state=closed']],
    [['kettle', 'pr', 'merge', '3', '--style', ''], STYLES],
    [['kettle', '--login', ''], LOGINS],
    [['kettle', 'issue', 'list', '--login', 'w'], ['work']],
    // bash splits "127.0.0.1:3000" at ":" (COMP_WORDBREAKS) and replaces only what follows the last ":".
    [['kettle', '--login', '127.0.0.1', ':', '3'], ['3000']],
    [
      ['kettle', '--login', '127.0.0.1', ':'],
      ['3000', '8080'],
    ],
    [
      ['kettle', '--login', '127.0'],
      ['127.0.0.1:3000', '127.0.0.1:8080'],
    ],
    [['kettle', '--login', '=', '127.0.0.1', ':', '8'], ['8080']],
    [
      ['kettle', 'login', 'delete', '127.0.0.1', ':'],
      ['3000', '8080'],
    ],
    [['kettle', '--login', '127.0.0.1', ':', '3000', 'iss'], ['issue']],
    [['kettle', 'login', 'delete', '127.0.0.1', ':', '3000', ''], []],
    // an option's value is not a subcommand
    [['kettle', '--login', 'work', 'iss'], ['issue']],
    [['kettle', 'issue', 'list', '-R', 'alice/teapot', '--li'], ['--limit']],
    [['kettle', 'login', 'delete', ''], LOGINS],
    [
      ['kettle', 'login', 'add', '--auth', ''],
      ['basic', 'header', 'query'],
    ],
    [
      ['kettle', 'hook', 'add', '--content-type', ''],
      ['form', 'json'],
    ],
    [
      ['kettle', 'hook', 'add', '--type', 'g'],
      ['gitea', 'gogs'],
    ],
    [
      ['kettle', 'api', '-X', 'P'],
      ['POST', 'PUT', 'PATCH'],
    ],
    [
      ['kettle', 'completion', ''],
      ['bash', 'fish', 'powershell', 'zsh'],
    ],
    [['kettle', 'issue', 'view', '3', ''], []],
    [['kettle', 'issue', 'view', '--', '-'], []],
    [
      ['kettle', 'runner', ''],
      ['delete', 'list', 'token'],
    ],
    [['kettle', 'runner', 'list', '--gl'], ['--global']],
    [
      ['kettle', 'package', ''],
      ['delete', 'link', 'list', 'unlink', 'view'],
    ],
    [
      ['kettle', 'package', 'list', '--type', 'c'],
      ['cargo', 'chef', 'composer', 'conan', 'conda', 'container', 'cran'],
    ],
    [['kettle', '--su'], ['--sudo']],
  ];

  it('completes subcommands, options and their values, and stored logins', async () => {
    const script = [
      `source ${q(FILES.bash)} || exit 3`,
      'complete -p kettle',
      // t LINE WORDS...: complete the last word, as bash does when LINE has been typed.
      't() { COMP_LINE=$1; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_POINT=${#COMP_LINE}; COMPREPLY=(); _kettle; echo "${COMPREPLY[*]}"; }',
      ...cases.map(([words]) => `t ${q(typed(words))} ${words.map(q).join(' ')}`),
    ].join('\n');
    const result = await exec('bash', ['--norc', '--noprofile', '-c', script], shellEnv);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('complete -F _kettle kettle');
    expect(result.stdout).not.toContain(SECRET);
    cases.forEach(([words, expected], i) => {
      expect(sorted(split(lines[i + 1])), words.join(' ')).toEqual(sorted(expected));
    });
  });

  it('offers the global options at every level', async () => {
    const result = await exec('bash', ['--norc', '--noprofile', '-c', `source ${q(FILES.bash)}; COMP_WORDS=(kettle pr merge 3 -); COMP_CWORD=4; _kettle; echo "\${COMPREPLY[*]}"`], shellEnv);
    expect(split(result.stdout)).toEqual(expect.arrayContaining(['--login', '--debug', '--no-color', '-h', '--help', '-V', '--version', '--style', '-m']));
  });
});

describe('bash script in an interactive bash', () => {
  // Readline itself splits the line at COMP_WORDBREAKS, calls _kettle and puts
  // the answer in the line: a login named "127.0.0.1:3000" completes whole,
  // whether or not ":" and "=" split words.
  const lines: [string, string][] = [
    ['kettle --login 127.0.0.1:3', 'kettle --login 127.0.0.1:3000 '],
    ['kettle --login 127.0', 'kettle --login 127.0.0.1:'],
    ['kettle --login=127.0.0.1:3', 'kettle --login=127.0.0.1:3000 '],
    ['kettle login delete 127.0.0.1:8', 'kettle login delete 127.0.0.1:8080 '],
    ['kettle --login 127.0.0.1:3000 iss', 'kettle --login 127.0.0.1:3000 issue '],
    ['kettle issue list --state=c', 'kettle issue list --state=closed '],
    ['kettle issue list --state c', 'kettle issue list --state closed '],
  ];

  it.each([
    ['":" and "=" split words (the default)', ':'],
    ['":" does not split words', 'COMP_WORDBREAKS=${COMP_WORDBREAKS//:/}'],
    ['neither ":" nor "=" splits words', 'COMP_WORDBREAKS=${COMP_WORDBREAKS//[:=]/}'],
  ])('completes logins named host:port: %s', async (_, breaks) => {
    if (!hasShell('script')) return absent('script (util-linux)', () => expect(committed('bash')).toContain('COMP_WORDS[COMP_CWORD]'));
    const recorded = await typeInBash(
      [`source ${q(FILES.bash)}`, breaks],
      lines.map(([line]) => `${line}\t`),
    );
    expect(recorded).toEqual(lines.map(([, after]) => `[${after}]`));
  });
});

let bashSessions = 0;

/**
 * Type each of `keys` at the prompt of an interactive bash on a pseudo-terminal
 * (from util-linux's `script`), after running the `setup` commands; returns the
 * line as readline left it after each.
 */
async function typeInBash(setup: string[], keys: string[]): Promise<string[]> {
  const out = join(tmp.path, `bash-line-${++bashSessions}`);
  const ready = `${out}.ready`;
  const child = spawn('script', ['-qfec', 'bash --norc --noprofile -i', '/dev/null'], {
    cwd: ROOT,
    env: { ...shellEnv, INPUTRC: '/dev/null' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  // Ctrl-T (not a prefix key, as Ctrl-X is) records the line and empties it.
  const record = `__record() { printf '[%s]\\n' "$READLINE_LINE" >> ${q(out)}; READLINE_LINE=; READLINE_POINT=0; }`;
  child.stdin.write(`${[...setup, record, `bind -x '"\\C-t": __record'`, `: > ${q(ready)}`].join('\n')}\n`);
  for (let i = 0; i < 200 && !existsSync(ready); i++) await new Promise((r) => setTimeout(r, 25));
  child.stdin.end(`${keys.map((k) => `${k}\x14`).join('')}exit\n`);
  const code = await closed;
  clearTimeout(timer);
  expect(code, stderr).toBe(0);
  return existsSync(out) ? readFileSync(out, 'utf8').split('\n').slice(0, -1) : [];
}

describe('zsh script', () => {
  const zsh = hasShell('zsh');

  it('completes real command lines (zpty)', async () => {
    if (!zsh) return absent('zsh', () => zshStructure(committed('zsh')));
    const fpath = join(tmp.path, 'zfunc');
    mkdirSync(fpath, { recursive: true });
    writeFileSync(join(fpath, '_kettle'), committed('zsh'));
    const out = join(tmp.path, 'zsh-out');
    // Type each line and TAB into an interactive zsh, then a key whose widget
    // records the line as completion left it.
    const lines: [string, string][] = [
      ['kettle iss', 'kettle issue '],
      ['kettle issue cr', 'kettle issue create '],
      ['kettle issue list --st', 'kettle issue list --state '],
      ['kettle issue list --state cl', 'kettle issue list --state closed '],
      ['kettle issue list --state=cl', 'kettle issue list --state=closed '],
      ['kettle pr merge 3 --style squ', 'kettle pr merge 3 --style squash '],
      ['kettle --login wo', 'kettle --login work '],
      ['kettle --login work iss', 'kettle --login work issue '],
      ['kettle completion pow', 'kettle completion powershell '],
    ];
    const script = [
      'zmodload zsh/zpty || exit 3',
      'zpty -b z zsh -f -i',
      `zpty -w z ${q(`PS1=""; fpath=(${fpath} $fpath); autoload -U compinit; compinit -u -D`)}`,
      `zpty -w z ${q(`dump() { print -r -- "[$BUFFER]" >> ${out}; BUFFER=""; }; zle -N dump; bindkey "^X" dump`)}`,
      ...lines.map(([line]) => `zpty -w -n z ${q(line)}$'\\t\\x18'`),
      `zpty -w z ${q(`print -r -- END >> ${out}`)}`,
      `for i in {1..200}; do [[ -f ${out} ]] && grep -q END ${out} && break; sleep 0.05; done`,
      'zpty -d z',
    ].join('\n');
    const result = await exec('zsh', ['-f', '-c', script], shellEnv);
    expect(result.code, result.stderr).toBe(0);
    const recorded = readFileSync(out, 'utf8').split('\n');
    expect(recorded.slice(0, lines.length)).toEqual(lines.map(([, after]) => `[${after}]`));
  });

  it('offers subcommands with descriptions, options and values', async () => {
    if (!zsh) return absent('zsh', () => zshStructure(committed('zsh')));
    const ZSH_LOGINS = LOGINS.map((l) => l.replace(/:/g, '\\:'));
    // Outside a completion widget: stand-ins for zsh's completion functions print what they are given.
    const cases: [string[], string[]][] = [
      [
        ['kettle', 'issue', ''],
        ['list:List the issues of a repository, or across repositories with --all-repos', 'create:Open an issue'],
      ],
      [
        ['kettle', ''],
        [
          'issue:List, view, create, edit, comment on, close, reopen and delete issues; pin, lock, subscribe, link and react',
          'help:Show the help of a command: its arguments, options and examples',
          ...ALIASES,
          ...EXTENSIONS,
        ],
      ],
      [
        ['kettle', 'issue', 'list', '-'],
        ['--state:which to show', '--login:use this stored login instead of the default one', '-h:show help for a command'],
      ],
      [
        ['kettle', 'issue', 'list', '--state', ''],
        ['open', 'closed', 'all'],
      ],
      [['kettle', 'pr', 'merge', '3', '--style', ''], STYLES],
      // _describe takes "name:description": the colons of a name are escaped.
      [['kettle', '--login', ''], ZSH_LOGINS],
      [['kettle', 'login', 'default', ''], ZSH_LOGINS],
      [['kettle', 'issue', 'create', '--body-file', ''], ['<files>']],
    ];
    const script = [
      '_describe() { print -rl -- "${(@P)4}"; }',
      '_files() { print -r -- "<files>"; }',
      'compset() { :; }',
      `source ${q(FILES.zsh)} || exit 3`,
      't() { words=("$@"); CURRENT=$#; local out; out=$(_kettle); print -r -- "${(pj:\\t:)${(f)out}}"; }',
      ...cases.map(([words]) => `t ${words.map(q).join(' ')}`),
    ].join('\n');
    const result = await exec('zsh', ['-f', '-c', script], shellEnv);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    cases.forEach(([words, expected], i) => {
      expect((lines[i] ?? '').split('\t'), words.join(' ')).toEqual(expect.arrayContaining(expected));
    });
  });
});

describe('fish script', () => {
  const fish = hasShell('fish');

  it('completes subcommands, options and their values, and stored logins', async () => {
    if (!fish) return absent('fish', () => fishStructure(committed('fish')));
    const cases: [string, string[]][] = [
      ['kettle iss', ['issue']],
      ['kettle c', ['completion', 'config', 'co']],
      ['kettle issue ', ['close', 'comment', 'create', 'delete', 'dependency', 'edit', 'list', 'lock', 'pin', 'react', 'reopen', 'status', 'subscribe', 'unlock', 'unpin', 'unsubscribe', 'view']],
      ['kettle help ', TOP],
      ['kettle issue list --st', ['--state']],
      ['kettle issue list --state ', ['all', 'closed', 'open']],
      ['kettle issue list --state=c', ['--state=closed']],
      ['kettle pr merge 3 --style ', STYLES],
      ['kettle --login ', LOGINS],
      ['kettle --login 127.0.0.1:3', ['127.0.0.1:3000']],
      ['kettle --login work iss', ['issue']],
      ['kettle login rm ', LOGINS],
      ['kettle login rm 127.0.0.1:', ['127.0.0.1:3000', '127.0.0.1:8080']],
      ['kettle completion ', ['bash', 'fish', 'powershell', 'zsh']],
      ['kettle hook add --type g', ['gitea', 'gogs']],
      ['kettle api -X P', ['POST', 'PUT', 'PATCH']],
      ['kettle issue view 3 ', []],
    ];
    const script = [`source ${q(FILES.fish)}; or exit 3`, ...cases.map(([line]) => `complete -C ${q(line)}; echo '<end>'`)].join('\n');
    const result = await exec('fish', ['--no-config', '-c', script], shellEnv);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const blocks = result.stdout.split('<end>\n');
    cases.forEach(([line, expected], i) => {
      const offered = (blocks[i] ?? '')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0] ?? '');
      expect(sorted(offered), line).toEqual(sorted(expected));
    });
    // Subcommands come with their descriptions.
    expect(blocks[0]).toBe('issue\tList, view, create, edit, comment on, close, reopen and delete issues; pin, lock, subscribe, link and react\n');
  });
});

describe('PowerShell script', () => {
  // PowerShell is not installed here: check what the script is made of.
  it('registers a native completer with the command tree and the values of enumerated options', () => {
    const ps = committed('powershell');
    expect(ps).toMatch(/^# PowerShell completion for kettle/);
    expect(ps).toContain("Register-ArgumentCompleter -Native -CommandName 'kettle' -ScriptBlock {");
    expect(ps).toContain('param($wordToComplete, $commandAst, $cursorPosition)');
    for (const cmd of TOP) expect(ps).toContain(`$children['/${cmd}'] = '${cmd}'`);
    expect(ps).toContain("$children['issue/ls'] = 'issue list'");
    expect(ps).toContain("$values['issue list/--state'] = @{ Kind = 'words'; Words = @('open', 'closed', 'all') }");
    expect(ps).toContain("$values['pr merge/--style'] = @{ Kind = 'words'; Words = @('merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only') }");
    expect(ps).toContain("$values['*/--login'] = @{ Kind = 'logins' }");
    expect(ps).toContain("& 'kettle' login list 2>$null");
    expect(ps).toContain("& 'kettle' alias list 2>$null");
    expect(ps).toContain("& 'kettle' extension list 2>$null");
    for (const flag of ['-V', '--version', '--login', '--debug', '--no-color', '-h', '--help']) expect(ps).toContain(`@{ Flag = '${flag}';`);
    expect(balanced(ps)).toBe(true);
  });
});

/** A shell is missing: in CI that is a failure; elsewhere check the script's structure instead. */
function absent(shell: string, check: () => void): void {
  if (process.env.CI) {
    throw new Error(`${shell} is not installed: CI must install it (apt-get install -y zsh fish) to test the ${shell} completion`);
  }
  check();
}

function zshStructure(script: string): void {
  expect(script.startsWith('#compdef kettle\n')).toBe(true);
  expect(script).toContain('\n_kettle() {\n');
  expect(script).toContain('compdef _kettle kettle');
  expect(script).toContain("'issue list/-s'|'issue list/--state') __kettle_offer values 'state' open closed all ;;");
}

function fishStructure(script: string): void {
  const lines = script.split('\n');
  expect(lines.filter((l) => /^function /.test(l)).length).toBe(lines.filter((l) => l === 'end').length);
  expect(script).toContain("complete -c kettle -n '__kettle_using \"\" 0' -a 'issue'");
  expect(script).toContain("complete -c kettle -n '__kettle_using \"issue list\"' -s s -l state -x -a 'open closed all'");
  expect(script).toContain("complete -c kettle -l login -x -a '(__kettle_logins)'");
}

/** Braces and parentheses balance once quoted strings and comments are removed. */
function balanced(script: string): boolean {
  const code = script
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"`]|`.)*"/g, '""');
  for (const [open, close] of [
    ['{', '}'],
    ['(', ')'],
  ] as const) {
    let depth = 0;
    for (const ch of code) {
      if (ch === open) depth++;
      if (ch === close && --depth < 0) return false;
    }
    if (depth !== 0) return false;
  }
  return true;
}
