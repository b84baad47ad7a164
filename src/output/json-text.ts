// A page of a list passed through as text: `--json` without --fields or --jq
// prints the server's records exactly as it would print them parsed
// (stringifyJson(list, 2): two-space indents, JSON.stringify's escapes, DEL
// and the C1 controls escaped), so a page whose JSON needs nothing but new
// indentation need not become objects and be serialised again. Parsing the
// records and serialising them again was most of a long list's CPU, and the
// garbage they left most of the rest.
//
// renderJsonPage reads a page's bytes once: it checks that they are a JSON
// array of objects (as JSON.parse would, or the page is decoded as before and
// fails or prints as before) and writes each record's text, indented as an
// element of the printed array. What JSON.stringify would write differently
// from the server's text takes the long way, through JSON.parse and
// stringifyJson, so the result is the same byte for byte:
// - a string with an escape JSON.stringify does not write (\/, \u003c, a
//   surrogate pair, an upper-case \u001B) or with DEL or a C1 control: that
//   string alone;
// - a number other than a plain integer of up to 15 digits (1.0, 1e3, -0,
//   very large ones): that number alone;
// - a key with an escape or such a character, a key that starts with a digit
//   (an object's integer keys come first once parsed), a key twice in one
//   object (the last value wins, at the first one's place): the whole record.
// The tokens are read in json-tokens.ts; here, records and pages of them.
import { isUtf8 } from 'node:buffer';
import { JsonText } from './json-record.js';
import { stringifyJson } from '../text/controls.js';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  copyBytes,
  copyKey,
  copyString,
  keyHash,
  MINUS,
  NEWLINE,
  NOT_QUICK,
  newline,
  numberEnd,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  reading,
  SPACE,
  seenBefore,
  writingTo,
} from './json-tokens.js';

export { JsonText };

/**
 * The records of a page (a JSON array of objects) as text, or undefined when
 * the page is anything else (not JSON, not an array, an element that is no
 * object, not UTF-8, nested deeper than 64): then it is decoded and checked
 * as any other page is. The page's bytes come whole or in the pieces they
 * came in from the network: those are joined in a buffer kept from one page
 * to the next (the records' text is a buffer of its own, and nothing of the
 * page's bytes is kept), where joining them into a new buffer for each page
 * cost fresh memory each time (a tenth of a millisecond for 170 KB here).
 */
export function renderJsonPage(body: Buffer | readonly Buffer[]): JsonText[] | undefined {
  const bytes = Buffer.isBuffer(body) ? body : body.length === 1 ? (body[0] as Buffer) : joinedInput(body);
  if (!isUtf8(bytes)) return undefined;
  try {
    return render(bytes);
  } catch (err) {
    if (err === NOT_QUICK) return undefined;
    throw err;
  }
}

const MAX_DEPTH = 64;
/** Room enough for what one step writes besides a string or number: a new line and its indent at the deepest. */
const STEP = 4 * MAX_DEPTH + 64;
function grown(out: Buffer, used: number, need: number): Buffer {
  const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, used + need));
  out.copy(bigger, 0, 0, used);
  writingTo(bigger);
  return bigger;
}

/** Per open container of the record being read, innermost last: 1 an object, 2 an array. */
const kinds = new Uint8Array(MAX_DEPTH + 2);
/** Per open object: where its keys start in `keys`. */
const keyFrom = new Int32Array(MAX_DEPTH + 2);
/** Hashes of the keys of the open objects (a key twice in one object), the first keyCount of them: a typed array, so that a record allocates nothing for them. */
const keys = new Int32Array(4096);
let keyCount = 0;
/**
 * Which keys an open object may have had, by the low 8 bits of their hash:
 * 256 slots for each depth up to STAMPED, each holding the number of the
 * object that last wrote it. A key whose slot does not hold its object's
 * number is new to that object, without a look through the object's keys;
 * only one whose slot does (the same key, or another with those 8 bits) is
 * looked for among them. Looking through every key of an object for each of
 * its keys was a tenth of a page's reading. Deeper objects always look.
 */
const STAMPED = 15;
const stamps = new Int32Array((STAMPED + 1) * 256);
/**
 * Per open object: its number. Numbers go round after 2^32 objects: a slot
 * holding an earlier object's number by chance only means a look through the
 * keys; a slot this object wrote is never written by another while it is open
 * (one object open per depth).
 */
const objectNumbers = new Int32Array(MAX_DEPTH + 2);
let objectCount = 0;

/** What renderRecord leaves besides where its reading ends: the buffer written to (it may have grown), where the writing ends, the record's id. */
let recordOut: Buffer = Buffer.alloc(0);
let recordEnd = 0;
let recordId: unknown;

/**
 * One record, the object at b[i]: every token checked as JSON.parse checks
 * it and written to out[o…] with JSON.stringify's indentation, in one state
 * machine whose state is all in local variables (this is the hot loop of a
 * long list). Where its reading ends; the rest is in recordOut, recordEnd
 * and recordId. A function of its own, called once a record: V8 optimises it
 * as any hot function, where the same loop inside the page's loop was
 * optimised on the stack part-way through the first page, then thrown away
 * at that page's end (a branch it had not seen yet), and optimised twice more.
 */
function renderRecord(b: Buffer, i: number, out: Buffer, o: number): number {
  const len = b.length;
  let c = 0;
  keyCount = 0;
  if (b[i] !== OPEN_BRACE) throw NOT_QUICK;
  const from = i;
  const start = o;
  let slow = false;
  let idStart = -1;
  let idEnd = -1;
  let isId = false;
  let depth = 0;
  let expectingKey = false;
  if (o + (len - i) + STEP > out.length) out = grown(out, o, len - i + STEP);
  out[o++] = NEWLINE;
  out[o++] = SPACE;
  out[o++] = SPACE;
  for (;;) {
    // Room for the rest of the input as it is, and one step.
    if (o + (len - i) + STEP > out.length) out = grown(out, o, len - i + STEP);
    if (expectingKey) {
      expectingKey = false;
      if (b[i] !== QUOTE) throw NOT_QUICK;
      o = newline(o, depth + 1);
      const keyAt = i;
      out[o++] = QUOTE;
      i++;
      const keyEnd = copyKey(b, i, out, o);
      if (keyEnd < 0) slow = true;
      const hash = keyHash;
      o += (keyEnd < 0 ? -keyEnd - 1 : keyEnd) - i;
      i = keyEnd < 0 ? -keyEnd - 1 : keyEnd;
      out[o++] = QUOTE;
      i++;
      // An integer key comes first once parsed.
      c = b[keyAt + 1] as number;
      if (c >= 0x30 && c <= 0x39) slow = true;
      if (depth > STAMPED) {
        if (seenBefore(keys, keyFrom[depth] as number, keyCount, hash)) slow = true;
      } else {
        const slot = (depth << 8) | (hash & 255);
        if (stamps[slot] !== objectNumbers[depth]) stamps[slot] = objectNumbers[depth] as number;
        else if (seenBefore(keys, keyFrom[depth] as number, keyCount, hash)) slow = true;
      }
      // More keys open at once than there is room for: the long way tells a key twice.
      if (keyCount === keys.length) slow = true;
      else keys[keyCount++] = hash;
      isId = depth === 1 && i - keyAt === 4 && b[keyAt + 1] === 0x69 && b[keyAt + 2] === 0x64;
      while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
      if (c !== COLON) throw NOT_QUICK;
      i++;
      while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
      out[o++] = COLON;
      out[o++] = SPACE;
    }
    // A value at b[i].
    const valueAt = i;
    const idHere = isId;
    isId = false;
    c = b[i] as number;
    if (c === QUOTE) {
      const outAt = o;
      out[o++] = QUOTE;
      i++;
      const end = copyString(b, i, out, o);
      const plain = end >= 0;
      o += (plain ? end : -end - 1) - i;
      i = (plain ? end : -end - 1) + 1;
      if (plain) {
        out[o++] = QUOTE;
      } else {
        // As stringifyJson writes the string's value.
        o = outAt;
        const text = stringifyJson(JSON.parse(b.toString('utf8', valueAt, i)));
        o += out.write(text, o, 'utf8');
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const close = c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      out[o++] = c;
      i++;
      while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
      if (c === close) {
        out[o++] = close;
        i++;
      } else {
        if (++depth > MAX_DEPTH) throw NOT_QUICK;
        if (close === CLOSE_BRACE) {
          kinds[depth] = 1;
          keyFrom[depth] = keyCount;
          objectCount = (objectCount + 1) | 0;
          objectNumbers[depth] = objectCount;
          expectingKey = true;
        } else {
          kinds[depth] = 2;
          o = newline(o, depth + 1);
        }
        continue;
      }
    } else if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
      const j = numberEnd(b, i);
      if (j >= 0) {
        o = copyBytes(b, i, j, out, o);
        i = j;
      } else {
        // As JSON.stringify writes the value: 1.0 is 1, 1e3 is 1000, -0 is 0.
        const text = JSON.stringify(Number(b.toString('latin1', i, -j - 1)));
        o += out.write(text, o, 'latin1');
        i = -j - 1;
      }
    } else {
      const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : c === 0x6e ? 'null' : '';
      if (word === '') throw NOT_QUICK;
      for (let k = 0; k < word.length; k++) {
        if (b[i] !== word.charCodeAt(k)) throw NOT_QUICK;
        out[o++] = b[i++] as number;
      }
    }
    if (idHere) {
      idStart = valueAt;
      idEnd = i;
    }
    // After a value: a comma, or the end of one or more containers.
    for (;;) {
      if (depth === 0) break;
      // Room again: closing one container after another writes more than it reads (a line and its indent for a byte).
      if (o + (len - i) + STEP > out.length) out = grown(out, o, len - i + STEP);
      while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
      if (c === COMMA) {
        i++;
        while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
        out[o++] = COMMA;
        if (kinds[depth] === 1) {
          expectingKey = true;
        } else {
          o = newline(o, depth + 1);
        }
        break;
      }
      const kind = kinds[depth];
      if ((kind === 1 && c === CLOSE_BRACE) || (kind === 2 && c === CLOSE_BRACKET)) {
        i++;
        if (kind === 1) keyCount = keyFrom[depth] as number;
        o = newline(o, depth);
        out[o++] = c;
        depth--;
        continue;
      }
      throw NOT_QUICK;
    }
    if (depth === 0) break;
  }
  let id: unknown;
  if (slow) {
    // The long way for this record: what the records' printer would write.
    const record: unknown = JSON.parse(b.toString('utf8', from, i));
    const text = stringifyJson([record], 2).slice(1, -2);
    const value = (record as { id?: unknown }).id;
    id = typeof value === 'number' || typeof value === 'string' ? value : undefined;
    o = start;
    const n = Buffer.byteLength(text);
    if (o + n > out.length) out = grown(out, o, n + (len - i) + STEP);
    o += out.write(text, o, 'utf8');
  } else if (idStart >= 0) {
    c = b[idStart] as number;
    id = c === QUOTE || c === MINUS || (c >= 0x30 && c <= 0x39) ? JSON.parse(b.toString('utf8', idStart, idEnd)) : undefined;
  }
  recordOut = out;
  recordEnd = o;
  recordId = id;
  return i;
}

/** The records of a page, each rendered by renderRecord, a comma between two; the page's text and where each record starts and ends in it. */
function render(b: Buffer): JsonText[] {
  const len = b.length;
  let out: Buffer = scratch.length >= 2 * len + 4096 ? scratch : Buffer.allocUnsafe(2 * len + 4096);
  reading(b);
  writingTo(out);
  let o = 0;
  let i = 0;
  let c = 0;
  const ids: unknown[] = [];
  /** Where each record's text starts and ends in `out`. */
  const bounds: number[] = [];

  while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
  if (c !== OPEN_BRACKET) throw NOT_QUICK;
  i++;
  while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
  if (c === CLOSE_BRACKET) {
    i++;
  } else {
    for (;;) {
      const start = o;
      i = renderRecord(b, i, out, o);
      out = recordOut;
      o = recordEnd;
      ids.push(recordId);
      bounds.push(start, o);
      while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
      if (c === COMMA) {
        i++;
        while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
        // Room for it was left (STEP).
        out[o++] = COMMA;
      } else if (c === CLOSE_BRACKET) {
        i++;
        break;
      } else {
        throw NOT_QUICK;
      }
    }
  }
  while ((c = b[i] as number) === SPACE || c === NEWLINE || c === 0x09 || c === 0x0d) i++;
  if (i !== len) throw NOT_QUICK;
  // The page's text in a buffer of its size (the records are views of it); the larger one is kept for the next page.
  if (out.length <= 4 * 1024 * 1024) scratch = out;
  const text = Buffer.allocUnsafe(o);
  out.copy(text, 0, 0, o);
  return ids.map((id, n) => new JsonText(id, text, bounds[2 * n] as number, bounds[2 * n + 1] as number));
}

/** The buffer pages are written to, kept from one page to the next. */
let scratch: Buffer = Buffer.alloc(0);

/** The buffer a page's pieces are joined in, kept from one page to the next (up to 4 MiB). */
let input: Buffer = Buffer.alloc(0);
function joinedInput(pieces: readonly Buffer[]): Buffer {
  let size = 0;
  for (const piece of pieces) size += piece.length;
  const into = input.length >= size ? input : Buffer.allocUnsafe(Math.max(size, 2 * input.length));
  if (into.length <= 4 * 1024 * 1024) input = into;
  let at = 0;
  for (const piece of pieces) at += piece.copy(into, at);
  return into.subarray(0, size);
}
