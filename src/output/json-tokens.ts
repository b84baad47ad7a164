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

/**
 * DataViews of the page being read and of the buffer written to, for the
 * word-at-a-time copies and indents. The reader sets them (reading() for each
 * page, writingTo() for each buffer it writes to or grows), so that the
 * functions here never make one: a branch first taken after V8 has optimised
 * them throws their code away, and the reader's with it (30 ms of compiling
 * here, again).
 */
let readView: DataView = new DataView(new ArrayBuffer(8));
let view: DataView = new DataView(new ArrayBuffer(8));
/** The page the copies read from now on. */
export function reading(b: Buffer): void {
  readView = new DataView(b.buffer, b.byteOffset, b.length);
}
/** The buffer the copies and indents write to from now on. */
export function writingTo(out: Buffer): void {
  view = new DataView(out.buffer, out.byteOffset, out.length);
}
/**
 * A line break and the indent of `level` (two spaces a level), at o in the
 * buffer writingTo() was last given; where the writing ends. Eight bytes at a
 * time, in 32-bit stores, where a byte at a time was a seventh of a page's
 * reading: what is written past the indent is written over next (the reader
 * leaves room for a step).
 */
export function newline(o: number, level: number): number {
  const end = o + 1 + 2 * level;
  view.setUint32(o, 0x0a202020);
  view.setUint32(o + 4, 0x20202020);
  for (let k = o + 8; k < end; k += 4) view.setUint32(k, 0x20202020);
  return end;
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

/**
 * Whether any of four bytes (a little-endian word) is not plain inside a
 * string for the word-at-a-time copy: below 0x20, a quote, a backslash, DEL,
 * or 0x80 and above (those are left to the byte-at-a-time loop). Each test is
 * the classic "has a byte below n" of a word, exact for whether there is one
 * (https://graphics.stanford.edu/~seander/bithacks.html#HasLessInWord).
 */
function notPlain(w: number): boolean {
  const q = w ^ 0x22222222;
  const s = w ^ 0x5c5c5c5c;
  const d = w ^ 0x7f7f7f7f;
  return ((((w - 0x20202020) & ~w) | ((q - 0x01010101) & ~q) | ((s - 0x01010101) & ~s) | ((d - 0x01010101) & ~d) | w) & 0x80808080) !== 0;
}

/** The hash of the last key copyKey read. */
export let keyHash = 0;

/**
 * A string's content from b[i] (after its opening quote) copied to out[o…]
 * as it is, escapes checked: the index of its closing quote, or minus that
 * index and one when JSON.stringify writes it otherwise (an escape it does
 * not write, DEL or a C1 control). What is copied is as long as what is read.
 * Plain ASCII four bytes at a time, then a byte at a time; a string with
 * anything else goes on in copyStringRest (small, so that V8 inlines this
 * into the reader's loop).
 */
export function copyString(b: Buffer, i: number, out: Buffer, o: number): number {
  const last = b.length - 4;
  while (i <= last) {
    const w = readView.getInt32(i, true);
    if (notPlain(w)) break;
    view.setInt32(o, w, true);
    i += 4;
    o += 4;
  }
  let c = b[i] as number;
  while (IN_STRING[c] === 0) {
    out[o++] = c;
    c = b[++i] as number;
  }
  return c === QUOTE ? i : copyStringRest(b, i, out, o);
}

/** The rest of a string from b[i], a byte that is not plain, copied as copyString copies. */
function copyStringRest(b: Buffer, i: number, out: Buffer, o: number): number {
  let plain = true;
  for (;;) {
    let c = b[i] as number;
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

/**
 * copyString for a key, which also leaves its hash in keyHash; any escape at
 * all answers not plain. It hashes a word at a time where it copies one: the
 * same key hashes the same wherever it is, for the words stop at the first
 * that is not plain, never at the page's end (a key is followed by at least
 * four bytes, ":1}]").
 */
export function copyKey(b: Buffer, i: number, out: Buffer, o: number): number {
  let hash = FNV_OFFSET;
  const last = b.length - 4;
  while (i <= last) {
    const w = readView.getInt32(i, true);
    if (notPlain(w)) break;
    hash = Math.imul(hash ^ w, FNV_PRIME);
    view.setInt32(o, w, true);
    i += 4;
    o += 4;
  }
  let c = b[i] as number;
  while (IN_STRING[c] === 0) {
    hash = Math.imul(hash ^ c, FNV_PRIME);
    out[o++] = c;
    c = b[++i] as number;
  }
  if (c !== QUOTE) return copyKeyRest(b, i, out, o, hash);
  keyHash = hash;
  return i;
}

/** The rest of a key from b[i], a byte that is not plain, copied and hashed on from `hash` as copyKey does. */
function copyKeyRest(b: Buffer, i: number, out: Buffer, o: number, hash: number): number {
  let plain = true;
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
