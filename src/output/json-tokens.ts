// The tokens of a JSON page as json-text.ts reads them, byte by byte: what a
// byte is inside a string, strings and keys copied with their escapes
// checked, numbers measured, indentation written. Each answers, besides where
// its reading ends, whether JSON.stringify would write the token as the
// server did (json-text.ts takes the long way where it would not), or throws
// NOT_QUICK where the page is not one the quick way takes.

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const MINUS = 0x2d;
export const NEWLINE = 0x0a;
export const SPACE = 0x20;

/** What a byte is inside a string: 0 plain, 1 the closing quote, 2 an escape, 3 not allowed (a control), 4 DEL or a C1 control's lead byte (0xc2: also other Latin-1 letters, which only take the long way). */
const IN_STRING = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) IN_STRING[c] = 3;
IN_STRING[QUOTE] = 1;
IN_STRING[BACKSLASH] = 2;
IN_STRING[0x7f] = 4;
IN_STRING[0xc2] = 4;

/** The escapes JSON.stringify writes as two characters: \" \\ \b \f \n \r \t. */
const SHORT_ESCAPE = new Uint8Array(256);
for (const c of '"\\bfnrt') SHORT_ESCAPE[c.charCodeAt(0)] = 1;

/** Thrown inside the reader: the page is not what the quick way takes; it goes the long way. */
export const NOT_QUICK = new Error('not a page for the quick way');

// As a 32-bit integer, as Math.imul answers: the hash of an empty key is this, and it is kept in an Int32Array.
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** What a \u escape at b[i] (the backslash) stands for; throws when it is none. */
function unicodeEscapeAt(b: Buffer, i: number): number {
  let value = 0;
  for (let k = 2; k < 6; k++) {
    const h = b[i + k] as number;
    if (h >= 0x30 && h <= 0x39) value = value * 16 + (h - 0x30);
    else if (h >= 0x61 && h <= 0x66) value = value * 16 + (h - 0x57);
    else if (h >= 0x41 && h <= 0x46) value = value * 16 + (h - 0x37) + 0x10000;
    else throw NOT_QUICK;
  }
  // An upper-case digit shows as a value above 0xffff: JSON.stringify never writes one.
  return value;
}

/** Whether JSON.stringify writes the character of a \u escape as that same escape: a control without a short escape, lower-case. */
function stringifiedAsIs(value: number): boolean {
  return value < 0x20 && value !== 0x08 && value !== 0x09 && value !== 0x0a && value !== 0x0c && value !== 0x0d;
}

/**
 * Where the number at b[i] ends, checked as JSON.parse checks it; minus that
 * and one when JSON.stringify writes it otherwise (anything but an integer of
 * up to 15 digits, or -0).
 */
export function numberEnd(b: Buffer, i: number): number {
  let j = i;
  let c = b[j] as number;
  if (c === MINUS) j++;
  const digitsFrom = j;
  c = b[j] as number;
  if (c === 0x30) j++;
  else if (c >= 0x31 && c <= 0x39) {
    while ((c = b[j] as number) >= 0x30 && c <= 0x39) j++;
  } else throw NOT_QUICK;
  let integer = true;
  if (b[j] === 0x2e) {
    integer = false;
    const f = ++j;
    while ((c = b[j] as number) >= 0x30 && c <= 0x39) j++;
    if (j === f) throw NOT_QUICK;
  }
  c = b[j] as number;
  if (c === 0x65 || c === 0x45) {
    integer = false;
    j++;
    c = b[j] as number;
    if (c === 0x2b || c === MINUS) j++;
    const f = j;
    while ((c = b[j] as number) >= 0x30 && c <= 0x39) j++;
    if (j === f) throw NOT_QUICK;
  }
  return integer && j - digitsFrom <= 15 && !(b[i] === MINUS && b[digitsFrom] === 0x30) ? j : -j - 1;
}

// The loop of json-text.ts's renderRecord() is large, and V8 takes long to optimise it (hundreds of
// ms on a busy machine, while the first pages run unoptimised): what it does
// per byte is in small functions like these, which V8 optimises at once.

/** A line break and the indent of `level` (two spaces a level), at out[o]; where the writing ends. */
export function newline(out: Buffer, o: number, level: number): number {
  out[o++] = NEWLINE;
  for (let k = 2 * level; k > 0; k--) out[o++] = SPACE;
  return o;
}

/** b[from…to) copied to out[o]; where the writing ends. */
export function copyBytes(b: Buffer, from: number, to: number, out: Buffer, o: number): number {
  for (let k = from; k < to; k++) out[o++] = b[k] as number;
  return o;
}

/** Whether hash is among keys[from…to): a key the object being read already had. */
export function seenBefore(keys: Int32Array, from: number, to: number, hash: number): boolean {
  for (let k = from; k < to; k++) if (keys[k] === hash) return true;
  return false;
}

/** The hash of the last key copyKey read. */
export let keyHash = 0;

/**
 * A string's content from b[i] (after its opening quote) copied to out[o…]
 * as it is, escapes checked: the index of its closing quote, or minus that
 * index and one when JSON.stringify writes it otherwise (an escape it does
 * not write, DEL or a C1 control). What is copied is as long as what is read.
 */
export function copyString(b: Buffer, i: number, out: Buffer, o: number): number {
  let plain = true;
  for (;;) {
    let c = b[i] as number;
    // A run of plain bytes, the most of any string, in a loop of its own.
    while (IN_STRING[c] === 0) {
      out[o++] = c;
      c = b[++i] as number;
    }
    const kind = IN_STRING[c];
    if (kind === 1) {
      return plain ? i : -i - 1;
    } else if (kind === 2) {
      const e = b[i + 1] as number;
      if (SHORT_ESCAPE[e] === 1 || e === 0x2f) {
        if (e === 0x2f) plain = false;
        out[o++] = BACKSLASH;
        out[o++] = e;
        i += 2;
      } else if (e === 0x75) {
        if (!stringifiedAsIs(unicodeEscapeAt(b, i))) plain = false;
        for (let k = 0; k < 6; k++) out[o++] = b[i + k] as number;
        i += 6;
      } else throw NOT_QUICK;
    } else if (kind === 4) {
      plain = false;
      out[o++] = c;
      i++;
    } else {
      throw NOT_QUICK;
    }
  }
}

/** copyString for a key, which also leaves its hash in keyHash; any escape at all answers not plain. */
export function copyKey(b: Buffer, i: number, out: Buffer, o: number): number {
  let plain = true;
  let hash = FNV_OFFSET;
  for (;;) {
    let c = b[i] as number;
    while (IN_STRING[c] === 0) {
      hash = Math.imul(hash ^ c, FNV_PRIME);
      out[o++] = c;
      c = b[++i] as number;
    }
    const kind = IN_STRING[c];
    if (kind === 1) {
      keyHash = hash;
      return plain ? i : -i - 1;
    } else if (kind === 2) {
      plain = false;
      const e = b[i + 1] as number;
      if (SHORT_ESCAPE[e] === 1 || e === 0x2f) {
        out[o++] = BACKSLASH;
        out[o++] = e;
        i += 2;
      } else if (e === 0x75) {
        unicodeEscapeAt(b, i);
        for (let k = 0; k < 6; k++) out[o++] = b[i + k] as number;
        i += 6;
      } else throw NOT_QUICK;
    } else if (kind === 4) {
      plain = false;
      out[o++] = c;
      i++;
    } else {
      throw NOT_QUICK;
    }
  }
}
