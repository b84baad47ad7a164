import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText } from '../../src/output/cells.js';
import { pipeControls, stringifyJson, visibleCell, visibleControls } from '../../src/text/controls.js';

describe('visibleControls', () => {
  it.each([
    ['\u001b[31mred\u001b[0m', '^[[31mred^[[0m'],
    ['\u001b]0;window title\u0007', '^[]0;window title^G'],
    ['a\u0000b\u007fc', 'a^@b^?c'],
    ['\u009b31m', '<U+009B>31m'],
    ['back\rspace\b', 'back^Mspace^H'],
    // Bidirectional controls: "invoice_\u202Etxt.exe" would read as "invoice_exe.txt".
    ['invoice_\u202Etxt.exe', 'invoice_<U+202E>txt.exe'],
    ['\u202Aa\u202Bb\u202Cc\u202Dd', '<U+202A>a<U+202B>b<U+202C>c<U+202D>d'],
    ['\u2066x\u2067y\u2068z\u2069', '<U+2066>x<U+2067>y<U+2068>z<U+2069>'],
    ['a\u200Eb\u200Fc\u061Cd', 'a<U+200E>b<U+200F>c<U+061C>d'],
    // Zero-width and invisible characters.
    ['pass\u200Bword', 'pass<U+200B>word'],
    ['a\u200Cb\u200Dc', 'a<U+200C>b<U+200D>c'],
    ['\uFEFFtitle', '<U+FEFF>title'],
    ['a\u2060b\u180Ec', 'a<U+2060>b<U+180E>c'],
    ['line\u2028next\u2029para', 'line<U+2028>next<U+2029>para'],
    // Tag characters can spell hidden text.
    ['hi\u{E0041}\u{E0042}', 'hi<U+E0041><U+E0042>'],
    // A zero-width joiner next to an emoji that it does not join to another.
    ['🫖\u200D!', '🫖<U+200D>!'],
  ])('shows %j as %j', (raw, shown) => {
    expect(visibleControls(raw)).toBe(shown);
  });

  it.each([
    ['Lid rattles'],
    ['a\tb\nc'],
    ['急須の蓋 🫖'],
    ['naïve café'],
    [''],
    // Emoji sequences keep their joiners, selectors and tags.
    ['👨‍👩‍👧'],
    ['👩🏽‍💻'],
    ['🏳️‍🌈'],
    ['❤️‍🔥'],
    ['🇫🇷 #️⃣ 👍🏽'],
    ['🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
  ])('leaves %j alone', (text) => {
    expect(visibleControls(text)).toBe(text);
  });

  it('shows the bidirectional and invisible characters whatever text they are in', () => {
    // Built from them, emoji pieces and letters: random code points would seldom hit them.
    const unit = fc.constantFrom(...('\u061c\u200b\u200c\u200d\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff\ufe0fa👨🏽'.match(/./gu) ?? []));
    fc.assert(
      fc.property(fc.string({ unit }), (text) => {
        expect(visibleControls(text)).not.toMatch(/[\u061c\u200b\u200c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/);
      }),
    );
  });

  it('leaves no control character but tab and line feed, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(visibleControls(text)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      }),
    );
  });
});

describe('stringifyJson', () => {
  it('writes DEL and the C1 controls as \\u escapes', () => {
    expect(stringifyJson({ t: 'a\u009b2Jb\u007f' })).toBe('{"t":"a\\u009b2Jb\\u007f"}');
    expect(stringifyJson([1, { x: 'y' }], 2)).toBe(JSON.stringify([1, { x: 'y' }], null, 2));
    expect(stringifyJson(undefined)).toBe('null');
  });

  it('means the same JSON as JSON.stringify, and holds no control character, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        for (const v of [value, { text }, [text, value]]) {
          const out = stringifyJson(v, 2);
          expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(v)));
          expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
        }
      }),
    );
  });
});

describe('plainText (a piped cell)', () => {
  it.each([
    ['C:\\Users\\tea', 'C:\\\\Users\\\\tea'],
    ['a\tb\nc\rd', 'a\\tb\\nc\\rd'],
    ['\u001b]0;PWNED\u0007', '\\u001b]0;PWNED\\u0007'],
    ['\u009b2J\u007f\u0000', '\\u009b2J\\u007f\\u0000'],
    ['急須 🫖 naïve', '急須 🫖 naïve'],
  ])('writes %j as %j', (raw, piped) => {
    expect(plainText(raw)).toBe(piped);
  });

  it('holds no control character and stays one line, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(plainText(text)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }),
    );
  });
});

describe('pipeControls (what --jq prints)', () => {
  it.each([
    ['a\tb\nc', 'a\tb\nc'],
    ['crlf\r\nline', 'crlf\r\nline'],
    ['over\rwrite', 'over\\u000dwrite'],
    ['\u001b[2J\u009b', '\\u001b[2J\\u009b'],
    ['C:\\Users', 'C:\\Users'],
  ])('writes %j as %j', (raw, piped) => {
    expect(pipeControls(raw)).toBe(piped);
  });
});

describe('visibleCell (a terminal cell)', () => {
  it.each([
    ['C:\\Users\\tea', 'C:\\Users\\tea'],
    ['a\tb\nc', 'a^Ib^Jc'],
    ['\u001b[31mred', '^[[31mred'],
  ])('shows %j as %j', (raw, shown) => {
    expect(visibleCell(raw)).toBe(shown);
  });
});
