// How many terminal columns text takes: East Asian wide and fullwidth
// characters and emoji take two, combining marks and other invisible
// characters none, the rest one. Counted code point by code point, so a joined
// emoji sequence counts more than the two columns a terminal may give it: text
// is then cut a little early, never too late.

/** Code point ranges of the East Asian Wide and Fullwidth characters (emoji aside). */
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], // Hangul Jamo leading consonants
  [0x2329, 0x232a], // angle brackets
  [0x2e80, 0x303e], // CJK radicals, Kangxi, CJK symbols and punctuation
  [0x3041, 0x3247], // kana, bopomofo, Hangul compatibility Jamo, enclosed CJK
  [0x3250, 0x33ff], // enclosed CJK, CJK compatibility
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe19], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff00, 0xff60], // fullwidth forms
  [0xffe0, 0xffe6], // fullwidth signs
  [0x16fe0, 0x16fe4], // ideographic symbols
  [0x17000, 0x18cff], // Tangut
  [0x1b000, 0x1b2ff], // kana supplement and extensions, Nushu
  [0x1f200, 0x1f2ff], // enclosed ideographic supplement
  [0x20000, 0x3fffd], // CJK extensions B and beyond
];

const EMOJI = /\p{Emoji_Presentation}/u;
const EMOJI_ANY = /\p{Emoji}/u;
const ZERO = /[\p{Mn}\p{Me}\p{Cc}\p{Cf}]/u;
/** VARIATION SELECTOR-16: shows the character before it as an emoji, two columns wide. */
const VS16 = 0xfe0f;

function isWide(code: number): boolean {
  if (code < 0x1100) return false;
  for (const [from, to] of WIDE) {
    if (code < from) return false;
    if (code <= to) return true;
  }
  return false;
}

/** Each code point of the text with the columns it takes. */
function measured(text: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    let width: number;
    if (code >= 0x20 && code < 0x7f) width = 1;
    else if (code === VS16) {
      // The character before turns into an emoji: one more column if it was narrow.
      const before = out.at(-1);
      width = before && before[1] === 1 && EMOJI_ANY.test(before[0]) ? 1 : 0;
    } else if (ZERO.test(char)) width = 0;
    else if (isWide(code) || EMOJI.test(char)) width = 2;
    else width = 1;
    out.push([char, width]);
  }
  return out;
}

/** The number of terminal columns the text takes (the text has no escape sequences). */
export function displayWidth(text: string): number {
  // Printable ASCII, the common case, is one column a character.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  return measured(text).reduce((sum, [, w]) => sum + w, 0);
}

/** The text cut to at most `width` columns, ending with "…" when cut. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let kept = '';
  let used = 0;
  for (const [char, w] of measured(text)) {
    if (used + w > width - 1) break;
    kept += char;
    used += w;
  }
  return `${kept}…`;
}
