// kettle alias list|set|delete, and aliases at work: the built binary in a
// process of its own, so a shell alias runs sh -c for real and kettle's exit
// status is the script's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';

const s = useServer();

describe('alias set, list, delete', () => {
  it('keeps aliases in the settings file; list shows each, shell ones with their !', async () => {
    expectExit(await s.kettle(['alias', 'set', 'co', 'pr checkout']), 0);
    const shell = await s.kettle(['alias', 'set', 'hello', '--shell', 'echo "hi $1"']);
    expectExit(shell, 0);
    expect(shell.stderr).toBe('✓ Alias hello now stands for: sh -c "echo \\"hi $1\\""\n');
    const list = await s.kettle(['alias', 'list', '--json']);
    expectExit(list, 0);
    expect(json(list)).toEqual([
      { name: 'co', expansion: 'pr checkout', shell: false },
      { name: 'hello', expansion: '!echo "hi $1"', shell: true },
    ]);
    expect(JSON.parse(readFileSync(join(s.configDir, 'settings.json'), 'utf8'))).toEqual({ aliases: { co: 'pr checkout', hello: '!echo "hi $1"' } });
    const del = await s.kettle(['alias', 'delete', 'co']);
    expectExit(del, 0);
    expect(del.stderr).toBe('✓ Deleted alias co (it stood for: pr checkout)\n');
    const gone = await s.kettle(['alias', 'delete', 'co']);
    expectExit(gone, 1);
    expect(gone.stderr).toBe('kettle: no alias "co"; see kettle alias list\n');
  });

  it.each([
    [['alias', 'set', 'issue', 'pr list'], 'kettle: "issue" is a kettle command; an alias may not shadow a command\n'],
    [['alias', 'set', 'notifications', 'pr list'], 'kettle: "notifications" is a kettle command; an alias may not shadow a command\n'],
    [['alias', 'set', 'help', 'pr list'], 'kettle: "help" is a kettle command; an alias may not shadow a command\n'],
    [['alias', 'set', '-x', 'pr list'], /unknown option '-x'/],
    [['alias', 'set', 'my alias', 'pr list'], 'kettle: an alias is one word of letters, digits and . _ : - (not starting with - or a dot), not "my alias"\n'],
    [['alias', 'set', 'x', 'nonsense here'], 'kettle: the expansion must start with a kettle command or an alias, not "nonsense" (use --shell for anything else)\n'],
    [['alias', 'set', 'x', "issue list --label 'bug"], "kettle: the expansion has an unclosed single quote: issue list --label 'bug\n"],
    [['alias', 'set', 'x', '--shell', '  '], 'kettle: the expansion must not be empty\n'],
  ])('%j is refused: exit 2, nothing stored', async (args, message) => {
    const r = await s.kettle(args);
    expectExit(r, 2);
    if (typeof message === 'string') expect(r.stderr).toBe(message);
    else expect(r.stderr).toMatch(message);
    expect(() => readFileSync(join(s.configDir, 'settings.json'))).toThrow();
  });

  it('a loop is refused, naming it', async () => {
    expectExit(await s.kettle(['alias', 'set', 'a', 'issue list']), 0);
    expectExit(await s.kettle(['alias', 'set', 'b', 'a --state closed']), 0);
    const r = await s.kettle(['alias', 'set', 'a', 'b']);
    expectExit(r, 2);
    expect(r.stderr).toBe('kettle: that would make an alias loop: a -> b -> a; nothing was changed\n');
    expect(JSON.parse(readFileSync(join(s.configDir, 'settings.json'), 'utf8')).aliases.a).toBe('issue list');
  });
});

describe('an alias at work', () => {
  it('expands before parsing: $1 takes an argument, the rest are appended, root options before it kept', async () => {
    expectExit(await s.kettle(['alias', 'set', 'iv', 'issue view $1 --json']), 0);
    const r = await s.kettle(['--timeout', '20', 'iv', '1', '-R', 'alice/teapot', '--jq', '.number']);
    expectExit(r, 0);
    expect(r.stdout).toBe('1\n');
    const few = await s.kettle(['iv']);
    expectExit(few, 2);
    expect(few.stderr).toBe('kettle: alias iv takes 1 argument ($1), but none was given: iv = issue view $1 --json\n');
  });

  it('an alias may build on another; --help goes to the command it stands for', async () => {
    expectExit(await s.kettle(['alias', 'set', 'issues', 'issue list -R alice/teapot']), 0);
    expectExit(await s.kettle(['alias', 'set', 'closed', 'issues --state closed --json']), 0);
    const r = await s.kettle(['closed', '--jq', 'map(.state) | unique']);
    expectExit(r, 0);
    expect(JSON.parse(r.stdout)).toEqual(['closed']);
    const help = await s.kettle(['closed', '--help']);
    expectExit(help, 0);
    expect(help.stdout).toMatch(/^Usage: kettle issue list/);
  });

  it('--shell runs sh -c with the arguments as $1… and "$@"; its exit status is kettle\'s', async () => {
    expectExit(await s.kettle(['alias', 'set', 'greet', '--shell', 'echo "first=$1 all=$*"; echo "to stderr" >&2; exit 3']), 0);
    const r = await s.kettle(['greet', 'a b', 'c']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('first=a b all=a b c\n');
    expect(r.stderr).toBe('to stderr\n');
  });

  it('an expansion starting with ! is a shell alias too, and it can run kettle', async () => {
    const self = `${process.execPath} ${join(process.cwd(), 'bin', 'kettle.cjs')}`;
    expectExit(await s.kettle(['alias', 'set', 'count', `!${self} issue list -R alice/teapot --state all --json --jq length`]), 0);
    const r = await s.kettle(['count']);
    expectExit(r, 0);
    expect(Number(r.stdout)).toBeGreaterThan(0);
  });

  it('a shell alias stopped by a signal exits as a shell would', async () => {
    expectExit(await s.kettle(['alias', 'set', 'die', '--shell', 'kill -TERM $$']), 0);
    const r = await s.kettle(['die']);
    expect(r.code).toBe(143);
  });

  it('an unknown word that is no alias is an unknown command, as before', async () => {
    const r = await s.kettle(['isue', 'list']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/^kettle: unknown command 'isue'/);
  });

  it('a built-in command never reads the aliases: with its settings given by flags, a broken settings file does not stop it', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(s.configDir, 'settings.json'), '{ broken');
    const r = await s.kettle(['--timeout', '20', '--no-color', 'issue', 'view', '1', '-R', 'alice/teapot', '--json', '--jq', '.number']);
    expectExit(r, 0);
    expect(r.stdout).toBe('1\n');
    for (const args of [['--help'], ['--version'], ['issue', '--help']]) expectExit(await s.kettle(args), 0);
    // Without the flags, the settings are read, and the broken file is one line.
    expect((await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot', '--json'])).stderr).toMatch(/line 1: not valid JSON/);
    const alias = await s.kettle(['co', '1']);
    expectExit(alias, 1);
    expect(alias.stderr).toBe(`kettle: the settings file ${join(s.configDir, 'settings.json')}, line 1: not valid JSON; fix it, or remove the file\n`);
  });
});
