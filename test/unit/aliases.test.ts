// Aliases, pure: splitting an expansion, putting the arguments in, following
// a chain of aliases, refusing loops (src/config/aliases.ts).
import { describe, expect, it } from 'vitest';
import { expandAlias, expandWords, loopOf, splitWords } from '../../src/config/aliases.js';
import { UsageError } from '../../src/errors.js';

const COMMANDS = new Set(['pr', 'issue', 'help']);
const isCommand = (w: string) => COMMANDS.has(w);

describe('splitWords', () => {
  it.each([
    ['pr checkout', ['pr', 'checkout']],
    ["  issue list   --label 'needs review' ", ['issue', 'list', '--label', 'needs review']],
    ['issue create --title "A \\"quoted\\" title"', ['issue', 'create', '--title', 'A "quoted" title']],
    ["issue list --search it\\'s", ['issue', 'list', '--search', "it's"]],
    ["x ''", ['x', '']],
  ])('%j', (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });

  it('an unclosed quote is a usage error', () => {
    expect(() => splitWords("issue list --label 'bug")).toThrow(UsageError);
  });
});

describe('expandWords', () => {
  it.each([
    ['pr checkout', ['5'], ['pr', 'checkout', '5']],
    ['issue list --label $1', ['bug', '--state', 'closed'], ['issue', 'list', '--label', 'bug', '--state', 'closed']],
    ['issue list --label=$2 --assignee $1', ['alice', 'bug'], ['issue', 'list', '--label=bug', '--assignee', 'alice']],
    // An argument is one word, whatever it holds: nothing in it is split or read again.
    ['issue create --title $1', ['two words; $2'], ['issue', 'create', '--title', 'two words; $2']],
  ])('%j with %j', (expansion, args, words) => {
    expect(expandWords('x', expansion, args)).toEqual(words);
  });

  it('too few arguments names the alias and what it takes', () => {
    expect(() => expandWords('bugs', 'issue list --label $1 --state $2', ['bug'])).toThrow(
      new UsageError('alias bugs takes 2 arguments ($1…$2), but only 1 was given: bugs = issue list --label $1 --state $2'),
    );
  });
});

describe('expandAlias', () => {
  const aliases = { co: 'pr checkout', mine: 'co --force', sh: '!echo "$@"', a: 'b', b: 'a x' };

  it('expands a chain of aliases down to a command', () => {
    expect(expandAlias('mine', ['5'], aliases, isCommand)).toEqual({ kind: 'kettle', argv: ['pr', 'checkout', '--force', '5'], chain: ['mine', 'co'] });
  });

  it('a shell alias: its script and arguments', () => {
    expect(expandAlias('sh', ['a b', 'c'], aliases, isCommand)).toEqual({ kind: 'shell', script: 'echo "$@"', name: 'sh', args: ['a b', 'c'], chain: ['sh'] });
  });

  it('a loop is refused, naming it', () => {
    expect(() => expandAlias('a', [], aliases, isCommand)).toThrow(/^alias loop: a -> b -> a;/);
    expect(loopOf('a', aliases, isCommand)).toEqual(['a', 'b', 'a']);
    expect(loopOf('mine', aliases, isCommand)).toBeUndefined();
  });
});
