// The help bin/kettle.cjs prints without loading the CLI (dist/cli/help/,
// rendered at build time) must be what the CLI itself prints, byte for byte,
// for every spelling of every command, and the CLI builds only the branch of
// the tree a command line names: the in-process runs below go through
// execute(), so they compare a branch-only tree with the build's whole tree.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryNamed } from '../../src/cli/program.js';
import { run, ROOT } from '../support/harness.js';
import { kettle } from '../support/inprocess.js';

const HELP = join(ROOT, 'dist', 'cli', 'help');
const index = JSON.parse(readFileSync(join(HELP, 'index.json'), 'utf8')) as { paths: Record<string, number>; groups: string[] };
const text = (spelled: string) => readFileSync(join(HELP, `${index.paths[spelled]}.txt`), 'utf8');
const words = (spelled: string) => (spelled === '' ? [] : spelled.split(' '));

describe('help rendered at build time', () => {
  it('covers the whole tree, aliases included', () => {
    expect(Object.keys(index.paths)).toEqual(expect.arrayContaining(['', 'issue', 'issue list', 'issue ls', 'pr merge', 'whoami', 'help']));
    expect(index.groups).toEqual(expect.arrayContaining(['issue', 'pr']));
    expect(index.groups).not.toContain('whoami');
  });

  it.each(Object.keys(index.paths))('"%s" --help, -h and help … print the same as the CLI', async (spelled) => {
    const expected = text(spelled);
    for (const argv of [
      [...words(spelled), '--help'],
      [...words(spelled), '-h'],
      ['help', ...words(spelled)],
    ]) {
      if (argv[0] === 'help' && argv[1] === 'help' && argv.length > 2) continue;
      const r = await kettle(argv);
      expect({ argv, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ argv, code: 0, stdout: expected, stderr: '' });
    }
  });

  it.each(index.groups)('"%s" alone prints its help', async (spelled) => {
    const r = await kettle(words(spelled));
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: text(spelled) });
  });

  it.each([[[]], [['--help']], [['issue', 'ls', '-h']], [['help', 'pr', 'merge']], [['issue']]])('the built kettle %j prints the same (from the prebuilt text)', async (argv) => {
    const r = await run(argv);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 0, stdout: text(argv.filter((w) => !w.startsWith('-') && w !== 'help').join(' ')), stderr: '' });
  });
});

describe('the branch of the tree a command line builds', () => {
  it.each([
    [['issue', 'list'], 'issue'],
    [['--login', 'work', 'issue', 'list'], 'issue'],
    [['--timeout=5', '--debug', 'ls'], undefined],
    [['whoami'], 'whoami'],
    [['--bogus', 'issue'], undefined],
    [['help', 'issue'], undefined],
    [['completion', 'bash'], undefined],
    [['isue'], undefined],
    [[], undefined],
  ])('%j builds %s', (argv, name) => {
    const entry = entryNamed(argv);
    expect(entry?.name).toBe(name);
  });

  it.each([
    [['isue'], "kettle: unknown command 'isue'", '(Did you mean issue?)'],
    [['issue', 'lst'], "kettle: unknown command 'lst' for 'kettle issue'", '(Did you mean list?)'],
    [['issue', 'lst', '--state', 'open'], "kettle: unknown command 'lst' for 'kettle issue'", '(Did you mean list?)'],
  ])('a mistyped command %j still gets the nearest one', async (argv, error, hint) => {
    const r = await kettle(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(error);
    expect(r.stderr).toContain(hint);
  });

  it('completion still prints every command', async () => {
    const r = await kettle(['completion', 'bash']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, 'completions', 'kettle.bash'), 'utf8'));
  });
});
