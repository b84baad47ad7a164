import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { displayWidth, padding, truncateToWidth } from '../../src/text/width.js';

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
    ['Hangul Jamo make one syllable block', '\u1100\u1161\u11A8', 2],
    ['a symbol with VS15 (text) takes one', '❤\uFE0E', 1],
  ])('%s: %j is %i', (_what, text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});

describe('displayWidth of emoji sequences: two columns each, however many code points', () => {
  it.each<[string, string, number]>([
    ['a family (ZWJ sequence)', '👨‍👩‍👧', 2],
    ['a family between letters', 'a👨‍👩‍👧b', 4],
    ['a technologist with a skin tone (modifier and ZWJ)', '👩🏽‍💻', 2],
    ['a rainbow flag (VS16 and ZWJ)', '🏳️‍🌈', 2],
    ['a heart on fire', '❤️‍🔥', 2],
    ['a flag (regional indicators)', '🇫🇷', 2],
    ['two flags', '🇫🇷🇩🇪', 4],
    ['a subdivision flag (tag sequence)', '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', 2],
    ['a thumbs up with a skin tone', '👍🏽', 2],
    ['a keycap', '#️⃣', 2],
    ['keycaps', '1️⃣2️⃣', 4],
    ['a keycap without VS16', '3\u20E3', 2],
    ['a symbol with VS16', '❤️', 2],
    ['a title with all of them', 'fix 👨‍👩‍👧 🇫🇷 👍🏽 #️⃣ ❤️!', 19],
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
    // Emoji sequences are cut whole, never between their code points.
    ['👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 5, '👨‍👩‍👧👨‍👩‍👧…'],
    ['👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 4, '👨‍👩‍👧…'],
    ['🇫🇷🇩🇪🇮🇹', 5, '🇫🇷🇩🇪…'],
    ['👍🏽👍🏽', 3, '👍🏽…'],
  ])('%j in %i columns is %j', (text, width, expected) => {
    const cut = truncateToWidth(text, width);
    expect(cut).toBe(expected);
    expect(displayWidth(cut)).toBeLessThanOrEqual(width);
  });
});

describe('padding', () => {
  it.each<[string, number, number]>([
    ['abc', 5, 2],
    ['abc', 3, 0],
    ['abcdef', 3, 0],
    ['急須', 5, 1],
    ['👨‍👩‍👧', 4, 2],
    ['🇫🇷', 2, 0],
  ])('%j in %i columns takes %i blanks', (text, width, blanks) => {
    expect(padding(text, width)).toBe(' '.repeat(blanks));
  });
});

describe('Latin text, measured without the segmenter', () => {
  it('measures and cuts ASCII and Latin with combining marks without building a segmenter (its first use costs ICU start-up)', async () => {
    vi.resetModules();
    const Real = Intl.Segmenter;
    let made = 0;
    const intl = Intl as { Segmenter: typeof Real };
    intl.Segmenter = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    };
    try {
      const fresh = await import('../../src/text/width.js');
      expect(fresh.displayWidth('naïve café')).toBe(10);
      expect(fresh.displayWidth('cafe\u0301 re\u0301sume\u0301 Ł ǅ ɐ')).toBe(17);
      expect(fresh.truncateToWidth('re\u0301sume\u0301s', 4)).toBe('re\u0301s…');
      expect(fresh.truncateToWidth('soft\u00adhyphen', 5)).toBe('soft\u00ad…');
      expect(made).toBe(0);
      // Anything else still goes through it.
      expect(fresh.displayWidth('急須')).toBe(4);
      expect(made).toBe(1);
    } finally {
      intl.Segmenter = Real;
    }
  });

  it('agrees with the segmenter on any Latin text', () => {
    // A CJK ideograph at the end sends the text down the segmenter's path; it adds two columns.
    const unit = fc.integer({ min: 0, max: 0x36f }).map((c) => String.fromCodePoint(c));
    fc.assert(
      fc.property(fc.string({ unit }), (text) => {
        expect(displayWidth(text)).toBe(displayWidth(`${text}急`) - 2);
      }),
    );
  });
});
