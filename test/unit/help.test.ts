import { describe, expect, it } from 'vitest';
import { editDistance, suggest } from '../../src/cli/help.js';

describe('editDistance', () => {
  it.each([
    ['list', 'list', 0],
    ['lst', 'list', 1],
    ['lsit', 'list', 1],
    ['mrege', 'merge', 1],
    ['issue', 'isue', 1],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('%s -> %s: %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('suggest', () => {
  const issue = [
    { name: 'list', aliases: ['ls'] },
    { name: 'view', aliases: [] },
    { name: 'create', aliases: [] },
    { name: 'close', aliases: [] },
    { name: 'reopen', aliases: [] },
  ];
  it.each<[string, string[]]>([
    ['lst', ['list']], // close to both list and its alias ls: named once
    ['l', ['list']], // through the alias ls
    ['veiw', ['view']],
    ['LIST', ['list']],
    ['clse', ['close']],
    ['creat', ['create']],
    ['cloze', ['close']],
    ['reopne', ['reopen']],
    ['frobnicate', []],
    ['xyz', []],
  ])('%j -> %j', (word, expected) => {
    expect(suggest(word, issue)).toEqual(expected);
  });

  it('offers every command equally close, sorted', () => {
    expect(
      suggest('cat', [
        { name: 'bat', aliases: [] },
        { name: 'cab', aliases: [] },
        { name: 'dog', aliases: [] },
      ]),
    ).toEqual(['bat', 'cab']);
  });
});
