// A page passed through as text prints exactly what its parsed records would.
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../../src/text/controls.js';
import { jsonFormat } from '../../src/output/formats.js';
import { type JsonText, renderJsonPage } from '../../src/output/json-text.js';

/** What --json prints for a page, the long way. */
function parsedWay(text: string): string {
  return `${stringifyJson(JSON.parse(text), 2)}\n`;
}

/** What it prints through renderJsonPage (undefined: the page takes the long way). */
function quickWay(text: string | Buffer): string | undefined {
  const records = renderJsonPage(Buffer.isBuffer(text) ? text : Buffer.from(text));
  if (records === undefined) return undefined;
  if (records.length === 0) return '[]\n';
  return `${records.map((r, i) => (i === 0 ? '[' : ',') + r.toJSON()).join('')}\n]\n`;
}

function same(text: string): void {
  expect(quickWay(text)).toBe(parsedWay(text));
}

describe('renderJsonPage', () => {
  it('re-indents a compact page as JSON.stringify(list, null, 2) does', () => {
    same('[{"id":1,"title":"a","labels":[],"user":{"login":"x","id":2},"n":[1,[2,{}],true,false,null],"e":{}}]');
    same('[]');
    same(' \r\n\t[ { } , {"a" : [ ] } ]\n');
    same('[{"id":-12,"big":123456789012345,"z":0,"neg":-1}]');
  });

  it('writes escapes, numbers and characters as JSON.stringify and kettle write them', () => {
    for (const value of [
      '"a\\/b"',
      '"<\\u003cdetails\\u003e & \\u0026>"',
      '"\\u001b[31m red \\u001B \\u0007 \\u0000"',
      '"line\\nbreak\\ttab\\r\\b\\f\\"q\\\\"',
      '"\\u000a\\u0009\\u0008\\u000c\\u000d"',
      '"\\ud83d\\ude00 \\ud800 lone \\udc00"',
      '"\\u2028\\u2029"',
      '"del \u007f c1 \u0085 \u009b nbsp \u00a0 é ✓ 😀"',
      '"\\u007f\\u0085\\u009b"',
      '1.0',
      '1.5',
      '1e3',
      '1E+2',
      '-0',
      '-0.0',
      '12345678901234567890',
      '9007199254740993',
      '1e400',
      '0.1e-7',
    ]) {
      same(`[{"id":1,"v":${value},"w":[${value}]}]`);
    }
  });

  it('takes the long way for a record whose keys parse differently: a key twice, integer keys, escaped keys', () => {
    same('[{"id":1,"a":1,"b":2,"a":3},{"id":2}]');
    same('[{"b":1,"2":2,"1":3,"a":{"10":1,"9":2}}]');
    same('[{"\\u0061":1,"a":2},{"k\\/":1}]');
    same('[{"x":{"a":1,"a":{"a":2}}}]');
    // Keys of one length that differ in their last byte, a key that begins another, the same key in two objects.
    same('[{"ab":1,"ac":2,"ab":3},{"abc":1,"ab":2,"abc":3}]');
    same('[{"url":1,"x":{"url":2,"uri":3},"uri":4,"url":5}]');
    same('[{"\u0085":1}]');
    // The empty key twice, in a record and in an object inside one.
    same('[{"id":1,"":1,"":2}]');
    same('[{"x":{"":1,"b":2,"":3}}]');
  });

  it('tells a key twice in a record with more keys open at once than it keeps hashes of (4,096)', () => {
    // 4,100 keys in one object, then again the first one and one past the room: the last value wins, at the first one's place.
    const many = Array.from({ length: 4100 }, (_, i) => `"k${i}":${i}`).join(',');
    same(`[{"id":1,${many},"id":2},{"id":3}]`);
    same(`[{"id":1,${many},"k4099":"again"},{"id":3}]`);
    // Nested, the outer object's keys still open while the inner one's fill the rest.
    same(`[{"a":1,"x":{${many}},"a":2},{"id":4,"x":{${many}}}]`);
    // A record after one that ran out of room starts with none kept.
    same(`[{"x":{${many}}},{"b":1,"b":2}]`);
  });

  it('reads a page in the pieces it came in as it reads it whole, however it is cut, and keeps nothing of them', () => {
    const page = Buffer.from('[{"id":1,"t":"é ✓ 😀","u":{"a":[1,2]}},{"id":2,"t":"x"}]');
    const whole = quickWay(page);
    for (let cut = 1; cut < page.length; cut++) {
      const records = renderJsonPage([page.subarray(0, cut), page.subarray(cut, cut + 7), page.subarray(cut + 7)]) as JsonText[];
      expect(`${records.map((r, i) => (i === 0 ? '[' : ',') + r.toJSON()).join('')}\n]\n`).toBe(whole);
    }
    // The pieces of the next page are joined where the last ones were: the records read before are unchanged.
    const first = renderJsonPage([page.subarray(0, 10), page.subarray(10)]) as JsonText[];
    const other = Buffer.from('[{"id":9,"t":"zzzzzzzzzz"}]');
    renderJsonPage([other.subarray(0, 5), other.subarray(5)]);
    expect(first.map((r) => r.toJSON()).join(',')).toBe(quickWay(page)?.slice(1, -3));
  });

  it('tells each record by its id as JSON.parse reads it', () => {
    const records = renderJsonPage(Buffer.from('[{"id":7},{"id":"x\\u0041"},{"id":1.0},{"id":null},{"a":{"id":3}},{"id":1,"id":2}]')) as JsonText[];
    expect(records.map((r) => r.id)).toEqual([7, 'xA', 1, undefined, undefined, 2]);
    expect(JSON.parse(JSON.stringify(records[0]))).toBe('\n  {\n    "id": 7\n  }');
  });

  it('leaves to the long way whatever is not a JSON array of objects', () => {
    for (const text of [
      '',
      '{}',
      '[1]',
      '[null]',
      '[{}, 1]',
      '[{"a":1}',
      '[{"a":1}]x',
      '[{"a":1},]',
      '[{"a":01}]',
      '[{"a":1.}]',
      '[{"a":-}]',
      '[{"a":tru}]',
      '[{"a":"x\ny"}]',
      '[{"a":"\\x"}]',
      '[{"a":"\\u12"}]',
      '[{"a":"unterminated}]',
      '\ufeff[{}]',
      '[{"a" 1}]',
      '[{a:1}]',
    ]) {
      expect(quickWay(text), text).toBeUndefined();
    }
    expect(quickWay(Buffer.from([0x5b, 0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x5d]))).toBeUndefined();
    expect(quickWay(`[${'['.repeat(300)}${']'.repeat(300)}]`)).toBeUndefined();
  });

  it('agrees with the long way on records of every shape (generated)', () => {
    let seed = 42;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const pieces = ['a', 'é', '✓', '😀', '\u0085', '\u007f', '\n', '"', '\\', '/', '<', '\u2028', '\u001b', 'id', '1'];
    const string = () => Array.from({ length: Math.floor(random() * 6) }, () => pick(pieces)).join('');
    const value = (depth: number): unknown => {
      const r = random();
      // biome-ignore lint/correctness/noPrecisionLoss: a number JSON.stringify prints otherwise than it was written, on purpose
      if (depth > 3 || r < 0.3) return pick([0, -1, 1.5, 1e21, 123456789012345678, true, false, null, string()]);
      if (r < 0.6) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, () => [string(), value(depth + 1)]));
    };
    for (let n = 0; n < 300; n++) {
      const records = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({ id: n, ...(value(0) as object) }));
      // Go's encoder escapes <, > and & and the line separators; JSON.stringify does not.
      const text = JSON.stringify(records).replace(/[<>&\u2028]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      same(text);
      same(JSON.stringify(records, null, random() < 0.5 ? 1 : '\t'));
    }
  });

  it('writes deep records whole: closing one container after another writes more than it reads', () => {
    // Up to the deepest the quick way reads (64): a line and its indent for each closing byte.
    for (const depth of [10, 30, 50, 62]) {
      same(`[{"id":1,"a":${'['.repeat(depth)}1${']'.repeat(depth)},"b":${'{"x":'.repeat(depth)}1${'}'.repeat(depth)}}]`);
    }
  });

  it('reads four bytes at a time as it reads one: each kind of byte at each place of a string or a key', () => {
    // Strings and keys are copied a word at a time until a word holds anything but plain ASCII.
    const kinds = ['"', '\\\\', '\\"', '\\/', '\\n', '\\u001b', '\\u001B', '\u007f', '\u0085', 'é', '😀', ' ', '~', '!', '#', '\\u0041'];
    for (let length = 0; length <= 13; length++) {
      for (let at = 0; at <= length; at++) {
        for (const kind of kinds) {
          const filler = 'abcdefghijklmnop'.slice(0, length);
          const text = kind === '"' ? `${filler.slice(0, at)}\\"${filler.slice(at)}` : `${filler.slice(0, at)}${kind}${filler.slice(at)}`;
          same(`[{"id":1,"${text}":"${text}","${filler}":[1],"v":"${text}"},{"${text}":1,"${text}":2}]`);
        }
      }
    }
    // Keys of every length that differ in one byte only, at each place: none taken for another, a repeated one told.
    for (let length = 1; length <= 13; length++) {
      const key = 'k'.repeat(length);
      const keys = Array.from({ length }, (_, at) => `${key.slice(0, at)}j${key.slice(at + 1)}`);
      same(`[{${[key, ...keys].map((k, n) => `"${k}":${n}`).join(',')}},{${[key, ...keys, key].map((k, n) => `"${k}":${n}`).join(',')}}]`);
    }
  });
});

describe('jsonFormat with records passed through as text', () => {
  it("writes a page's records that follow each other at once, and any others each on its own, as the long way prints them", () => {
    const first = renderJsonPage(Buffer.from('[{"id":1,"t":"a"},{"id":2,"t":"b"},{"id":3,"t":"c"},{"id":4,"t":"d"}]')) as JsonText[];
    const second = renderJsonPage(Buffer.from('[{"id":5,"t":"e"},{"id":6,"t":"f"}]')) as JsonText[];
    // Record 2 dropped (seen before, as a list that shifts drops one), a parsed record between two pages.
    const given: unknown[] = [first[0], first[2], first[3], { id: 9, t: 'z' }, ...second];
    const writes: (string | Buffer)[] = [];
    const format = jsonFormat(
      (text) => writes.push(text),
      (r) => r,
    );
    format.add(given.slice(0, 3));
    format.add(given.slice(3));
    void format.end();
    const printed = writes.map((w) => w.toString()).join('');
    expect(printed).toBe(
      `${stringifyJson(
        [1, 3, 4, 9, 5, 6].map((id) => ({ id, t: 'acdzef'[[1, 3, 4, 9, 5, 6].indexOf(id)] })),
        2,
      )}\n`,
    );
    // Records 3 and 4, then 5 and 6, each pair in one write.
    expect(writes.filter((w) => Buffer.isBuffer(w)).map((w) => w.toString().match(/"id": \d/g)?.length)).toEqual([1, 2, 2]);
  });
});
