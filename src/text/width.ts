// How many terminal columns text takes, counted by grapheme cluster (what a
// reader sees as one character). An emoji sequence takes two columns however
// many code points it has: a ZWJ sequence (👨‍👩‍👧), a flag (🇫🇷), a skin
// tone (👍🏽), a keycap (#️⃣), a symbol shown as emoji by VS16 (❤️). Any other
// cluster takes what its code points take: East Asian wide and fullwidth
// characters and emoji two, combining marks and other invisible characters
// none, the rest one. The table printer measures and pads with these
// functions, so what is measured is what is padded.

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

/**
 * The expressions with Unicode properties, made on first use (as the
 * segmenter below): V8 builds each property's set of characters from ICU's
 * tables when the expression is created, about 0.4 ms for these three.
 */
let unicode: { emoji: RegExp; zero: RegExp; emojiSequence: RegExp } | undefined;
function unicodeExpressions() {
  unicode ??= {
    emoji: /\p{Emoji_Presentation}/u,
    /** Marks, controls, format characters, and the Hangul vowels and final consonants a syllable's block takes in. */
    zero: /[\p{Mn}\p{Me}\p{Cc}\p{Cf}\u1160-\u11ff\ud7b0-\ud7ff]/u,
    /**
     * The start of a cluster that shows as one emoji: an emoji with VS16 or a
     * keycap mark, a skin tone, a pictograph joined by ZWJ (after its own VS16 or
     * skin tone, if any), a tag sequence, a pair of regional indicators.
     */
    emojiSequence:
      /^(?:\p{Emoji}[\uFE0F\u20E3]|\p{Emoji}\p{Emoji_Modifier}|\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?\u200D|\p{Extended_Pictographic}[\u{E0020}-\u{E007F}]|\p{Regional_Indicator}{2})/u,
  };
  return unicode;
}

function isWide(code: number): boolean {
  if (code < 0x1100) return false;
  for (const [from, to] of WIDE) {
    if (code < from) return false;
    if (code <= to) return true;
  }
  return false;
}

function codePointWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x20 && code < 0x7f) return 1;
  if (unicodeExpressions().zero.test(char)) return 0;
  if (isWide(code) || unicodeExpressions().emoji.test(char)) return 2;
  return 1;
}

function clusterWidth(cluster: string): number {
  let width = 0;
  let count = 0;
  for (const char of cluster) {
    width += codePointWidth(char);
    count++;
  }
  if (count > 1 && unicodeExpressions().emojiSequence.test(cluster)) return 2;
  return width;
}

// Made on first use: building a segmenter loads ICU data, which a command
// printing only ASCII never needs.
let segmenter: Intl.Segmenter | undefined;

/** Each grapheme cluster of the text with the columns it takes. */
function measured(text: string): Array<[string, number]> {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const out: Array<[string, number]> = [];
  for (const { segment } of segmenter.segment(text)) out.push([segment, clusterWidth(segment)]);
  return out;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/**
 * Latin text, the next most common case: ASCII, Latin-1, Latin Extended A and
 * B, IPA and the spacing modifiers (U+0000–U+02FF), with combining
 * diacritical marks (U+0300–U+036F). No emoji sequence or wide character is
 * made of these, so its clusters are a letter and the marks after it, and
 * the segmenter (whose first use costs ICU's start-up) is not needed.
 */
const LATIN = /^[\u0000-\u036f]*$/;
/** What takes no column in Latin text: the controls, the soft hyphen and the combining marks. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: combining marks alone, on purpose: each takes no column
const LATIN_ZERO = /[\u0000-\u001f\u007f-\u009f\u00ad\u0300-\u036f]/;

/** Latin text's clusters (a letter with the marks after it) and their widths, without the segmenter. */
function latinClusters(text: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const char of text) {
    const zero = LATIN_ZERO.test(char);
    const last = out[out.length - 1];
    // A combining mark joins the cluster before it (as the segmenter joins it).
    if (last && char >= '\u0300' && char <= '\u036f') last[0] += char;
    else out.push([char, zero ? 0 : 1]);
  }
  return out;
}

function clusters(text: string): Array<[string, number]> {
  return LATIN.test(text) ? latinClusters(text) : measured(text);
}

/** The number of terminal columns the text takes (the text has no escape sequences). */
export function displayWidth(text: string): number {
  // Printable ASCII, the common case, is one column a character.
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const [, w] of clusters(text)) width += w;
  return width;
}

/** The text cut to at most `width` columns, ending with "…" when cut; clusters stay whole. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  if (PRINTABLE_ASCII.test(text)) return `${text.slice(0, width - 1)}…`;
  let kept = '';
  let used = 0;
  for (const [cluster, w] of clusters(text)) {
    if (used + w > width - 1) break;
    kept += cluster;
    used += w;
  }
  return `${kept}…`;
}

/** The blanks that follow the text to make `width` columns (none if it is as wide or wider). */
export function padding(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text)));
}
