import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyJson, visibleControls } from '../../src/output/controls.js';

describe('visibleControls', () => {
  it.each([
    ['\u001b[31mred\u001b[0m', '^[[31mred^[[0m'],
    ['\u001b]0;window title\u0007', '^[]0;window title^G'],
    ['a\u0000b\u007fc', 'a^@b^?c'],
    ['\u009b31m', '<U+009B>31m'],
    ['back\rspace\b', 'back^Mspace^H'],
  ])('shows %j as %j', (raw, shown) => {
    expect(visibleControls(raw)).toBe(shown);
  });

  it('leaves ordinary text, tabs, line feeds and other scripts alone', () => {
    for (const text of ['Lid rattles', 'a\tb\nc', '急須の蓋 🫖', 'naïve café', '']) expect(visibleControls(text)).toBe(text);
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
