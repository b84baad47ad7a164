import { describe, expect, it } from 'vitest';
import { displayWidth, truncateToWidth } from '../../src/output/width.js';

describe('displayWidth', () => {
  it.each<[string, string, number]>([
    ['empty', '', 0],
    ['ASCII', 'Lid rattles', 11],
    ['Latin with a precomposed accent', 'café', 4],
    ['a combining accent takes no column', 'cafe\u0301', 4],
    ['CJK ideographs take two', '急須', 4],
    ['kana take two', 'カタカタ', 8],
    ['Hangul syllables take two', '한국', 4],
    ['fullwidth letters take two', 'ＡＢ', 4],
    ['halfwidth katakana take one', 'ｶﾀ', 2],
    ['an emoji takes two', 'fix 🐛', 6],
    ['a text symbol takes one', '❤', 1],
    ['the same symbol as an emoji (VS16) takes two', '❤\uFE0F', 2],
    ['a zero-width joiner takes none', 'a\u200Db', 2],
    ['a control character takes none', 'a\u0007b', 2],
    ['mixed', 'v2 — 急須 ✅', 12],
  ])('%s: %j is %i', (_what, text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});

describe('truncateToWidth', () => {
  it.each<[string, number, string]>([
    ['abc', 3, 'abc'],
    ['abc', 10, 'abc'],
    ['abcdef', 4, 'abc…'],
    ['abcdef', 1, '…'],
    ['abcdef', 0, ''],
    // A wide character that would cross the limit is left out whole.
    ['急須急須', 5, '急須…'],
    ['急須急須', 4, '急…'],
    ['急須急須', 2, '…'],
    ['a急須', 3, 'a…'],
    ['🐛🐛🐛', 4, '🐛…'],
    // Combining marks stay with their letter.
    ['e\u0301e\u0301e\u0301', 2, 'e\u0301…'],
  ])('%j in %i columns is %j', (text, width, expected) => {
    const cut = truncateToWidth(text, width);
    expect(cut).toBe(expected);
    expect(displayWidth(cut)).toBeLessThanOrEqual(width);
  });
});
