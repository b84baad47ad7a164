// The --pattern matcher of release download: *, ?, [...] and \, on whole names.
import { describe, expect, it } from 'vitest';
import { globToRegExp, matchesGlob } from '../../src/commands/release/glob.js';

describe('matchesGlob', () => {
  it.each([
    ['*.tar.gz', 'teapot-1.0.tar.gz', true],
    ['*.tar.gz', 'teapot-1.0.tar.gz.sha256', false],
    ['*', '', true],
    ['*', '.hidden', true],
    ['teapot-*-linux-*', 'teapot-1.0-linux-amd64', true],
    ['teapot-*-linux-*', 'teapot-1.0-darwin-amd64', false],
    ['?.zip', 'a.zip', true],
    ['?.zip', 'ab.zip', false],
    ['?.zip', '.zip', false],
    ['file[0-9].txt', 'file7.txt', true],
    ['file[0-9].txt', 'filex.txt', false],
    ['file[!0-9].txt', 'filex.txt', true],
    ['file[^0-9].txt', 'file7.txt', false],
    ['[ab]*', 'beta', true],
    ['[ab]*', 'cat', false],
    ['[]]x', ']x', true],
    ['[!]]x', 'ax', true],
    ['[!]]x', ']x', false],
    ['[a-]', '-', true],
    ['a[b', 'a[b', true],
    ['\\*.txt', '*.txt', true],
    ['\\*.txt', 'a.txt', false],
    ['a.b', 'axb', false],
    ['(x)+|y', '(x)+|y', true],
    ['$^.txt', '$^.txt', true],
    ['*.TXT', 'notes.txt', false],
    ['line*', 'line\nbreak', true],
  ])('%j against %j: %s', (pattern, name, expected) => {
    expect(matchesGlob(name, pattern)).toBe(expected);
  });

  it('a backwards range is refused with the pattern named', () => {
    expect(() => globToRegExp('[z-a]')).toThrow('invalid pattern "[z-a]"');
  });
});
