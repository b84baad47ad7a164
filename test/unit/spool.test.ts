import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { JsonArrayText } from '../../src/output/formats.js';
import { renderJson } from '../../src/output/printer.js';
import { type Column, printPages, type Row } from '../../src/output/printer.js';
import { Selection } from '../../src/output/select.js';
import { Spool } from '../../src/output/spool.js';
import { tempDir } from '../support/harness.js';
import { testIO } from '../support/io.js';

const dirs: Array<ReturnType<typeof tempDir>> = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

/** A stream that keeps what it is given, optionally slow to drain. */
function sink(highWaterMark = 16 * 1024): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, done) {
      chunks.push(Buffer.from(chunk));
      setImmediate(done);
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('Spool', () => {
  it.each([
    ['kept in memory', 1024 * 1024, false],
    ['spilled to a private file', 100, true],
  ])('%s: copies everything in order and leaves nothing behind', async (_name, memory, spills) => {
    const dir = tempDir();
    dirs.push(dir);
    const spool = new Spool(memory, dir.path);
    const pieces = Array.from({ length: 3000 }, (_, i) => `line ${i} é ✓\n`);
    let file: string | undefined;
    for (const piece of pieces) {
      spool.write(piece);
      file ??= spool.file;
    }
    expect(file !== undefined).toBe(spills);
    if (file) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    }
    const out = sink(1024);
    await spool.copyTo(out.stream);
    expect(out.text()).toBe(pieces.join(''));
    spool.dispose();
    spool.dispose();
    if (file) expect(existsSync(file)).toBe(false);
  });

  it('removes its file when disposed without copying (a failed list)', () => {
    const dir = tempDir();
    dirs.push(dir);
    const spool = new Spool(10, dir.path);
    spool.write('x'.repeat(100));
    const file = spool.file;
    expect(file && existsSync(file)).toBe(true);
    spool.dispose();
    expect(file && existsSync(file)).toBe(false);
  });
});

describe('JsonArrayText', () => {
  const records: unknown[] = [
    { id: 1, title: 'a "quoted"\nline', user: { login: 'alice', id: 10 }, labels: [{ name: 'x' }, { name: 'y' }], empty: {}, none: [] },
    { id: 2, title: 'ünïcödé ✓', user: null, labels: [], n: 1.5e-7 },
    'a string',
    null,
    [1, [2, []]],
  ];

  it.each<[string, unknown[], string[] | undefined]>([
    ['no records', [], undefined],
    ['one record', records.slice(0, 1), undefined],
    ['mixed records', records, undefined],
    ['with --fields', records.slice(0, 2), ['id', 'user.login', 'labels.name']],
  ])('%s: the same text as JSON.stringify(list, null, 2)', (_name, list, fields) => {
    const json = new JsonArrayText();
    const { json: view } = new Selection(fields, []);
    const text = list.map((r) => json.add(view(r))).join('') + json.end();
    // What the whole list printed at once looks like (renderJson).
    expect(text).toBe(renderJson(list, fields));
  });
});

function fakeIO(stdoutIsTTY: boolean) {
  const { io, stdout, stderr } = testIO({ tty: { stdout: stdoutIsTTY }, now: new Date('2026-01-01T00:00:00Z') });
  return { io, stdout: () => stdout.text(), stderr: () => stderr.text() };
}

async function* pagesOf(pages: Row[][], failAfter?: number): AsyncGenerator<Row[]> {
  let i = 0;
  for (const page of pages) {
    if (failAfter !== undefined && i++ === failAfter) throw new Error('page failed');
    yield page;
  }
}

const COLUMNS: Column[] = [
  { key: 'number', header: '#' },
  { key: 'title', header: 'TITLE' },
];
const PAGES: Row[][] = [
  [
    { number: 3, title: 'c', extra: { deep: 1 } },
    { number: 2, title: 'b' },
  ],
  [{ number: 1, title: 'a' }],
];

describe('printPages --json', () => {
  it('prints the text of JSON.stringify(list, null, 2), spilled to disk or not', async () => {
    const pages: unknown[][] = [[{ a: [1, { b: 'x\ny' }] }, null, 'text', 7], [], [[]], [{}]];
    for (const spoolMemory of [1, 1024 * 1024]) {
      const { io, stdout } = fakeIO(false);
      await printPages(io, { kind: 'json' }, pagesOf(pages as Row[][]), [], { spoolMemory });
      expect(stdout()).toBe(`${JSON.stringify(pages.flat(), null, 2)}\n`);
    }
  });

  it('prints [] for an empty list', async () => {
    const { io, stdout } = fakeIO(false);
    await printPages(io, { kind: 'json' }, pagesOf([[], []]), []);
    expect(stdout()).toBe('[]\n');
  });
});

describe('printPages', () => {
  it.each([
    ['--json', { kind: 'json' as const }, `${JSON.stringify(PAGES.flat(), null, 2)}\n`],
    ['plain lines', { kind: 'view' as const }, '3\tc\n2\tb\n1\ta\n'],
    ['plain lines with a path only one record has', { kind: 'view' as const, fields: ['number', 'extra.deep'] }, '3\t1\n2\t\n1\t\n'],
  ])('%s', async (_name, flags, expected) => {
    const { io, stdout } = fakeIO(false);
    await printPages(io, flags, pagesOf(PAGES), COLUMNS);
    expect(stdout()).toBe(expected);
  });

  it.each([
    ['--json', { kind: 'json' as const }],
    ['plain lines', { kind: 'view' as const }],
  ])('prints nothing when a later page fails (%s)', async (_name, flags) => {
    const { io, stdout } = fakeIO(false);
    await expect(printPages(io, flags, pagesOf(PAGES, 1), COLUMNS, { spoolMemory: 1 })).rejects.toThrow('page failed');
    expect(stdout()).toBe('');
  });

  it('refuses a --fields path that no record has, printing nothing', async () => {
    const { io, stdout } = fakeIO(false);
    await expect(printPages(io, { kind: 'view', fields: ['number', 'nope'] }, pagesOf(PAGES), COLUMNS)).rejects.toThrow(UsageError);
    expect(stdout()).toBe('');
  });

  it('clears progress before printing', async () => {
    const { io, stdout } = fakeIO(false);
    // What stdout held each time the fetching was reported done.
    const printedWhenFetched: string[] = [];
    await printPages(io, { kind: 'json' }, pagesOf(PAGES), COLUMNS, { onFetched: () => printedWhenFetched.push(stdout()) });
    expect(printedWhenFetched).toEqual(['']);
    expect(JSON.parse(stdout())).toHaveLength(3);
  });
});
