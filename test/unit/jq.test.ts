// The --jq filter: which programs run page by page, and that a list's pages
// are filtered as they arrive (the spool holds results, not records).
import { describe, expect, it } from 'vitest';
import { JqFilter, shapeOf } from '../../src/output/jq.js';
import { printPages } from '../../src/output/printer.js';
import { Spool } from '../../src/output/spool.js';
import { testIO } from '../support/io.js';

describe('shapeOf', () => {
  it.each([
    ['.[]', 'each'],
    ['.[].number', 'each'],
    ['.[]?.user.login', 'each'],
    ['.[] | select(.state == "open") | .number', 'each'],
    ['.[]["title"]', 'each'],
    ['.[] | .a, .b', 'each'],
    ['.', 'array'],
    ['map(.number)', 'array'],
    ['map(select(.title | test("\\\\)")))', 'array'],
    ['map("\\(.a))")', 'array'],
    // Not per record: the whole list.
    ['map(.number) | length', 'whole'],
    ['.[] as $x | $x', 'whole'],
    ['.[] |= 1', 'whole'],
    ['.[].number, .[].title', 'whole'],
    ['.[] // 1', 'whole'],
    ['.[].a + 1', 'whole'],
    ['length', 'whole'],
    ['[.[] | .number]', 'whole'],
    ['def f: .; .[] | f', 'whole'],
  ])('%s runs %s', (program, shape) => {
    expect(shapeOf(program)).toBe(shape);
  });
});

const records = (first: number, count: number) => Array.from({ length: count }, (_, i) => ({ number: first + i, title: `issue ${first + i}`, body: 'x'.repeat(500) }));

async function* pagesOf(filter: JqFilter, pages: number, size: number, seen: number[]) {
  for (let p = 0; p < pages; p++) {
    // Before the next page arrives, jq has run on every page handed over so far.
    seen.push(filter.runs);
    yield records(p * size + 1, size);
  }
}

describe('printPages --jq', () => {
  it('filters each page as it arrives: the spool holds results, not records', async () => {
    const filter = await JqFilter.compile('.[].number', () => {});
    const { io, stdout } = testIO();
    const seen: number[] = [];
    const spool = new Spool(1024);
    await printPages(io, { kind: 'jq', jq: filter }, pagesOf(filter, 5, 20, seen), [], { spool });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(filter.runs).toBe(5);
    const expected = `${Array.from({ length: 100 }, (_, i) => i + 1).join('\n')}\n`;
    expect(stdout.text()).toBe(expected);
    expect(spool.written).toBe(expected.length);
  });

  it('joins map(…) page by page into one array', async () => {
    const filter = await JqFilter.compile('map(.number)', () => {});
    const { io, stdout } = testIO();
    await printPages(io, { kind: 'jq', jq: filter }, pagesOf(filter, 3, 2, []), []);
    expect(filter.runs).toBe(3);
    expect(stdout.text()).toBe('[1,2,3,4,5,6]\n');
  });

  it('gives the whole list, spooled, to a program that needs it', async () => {
    const filter = await JqFilter.compile('length, (map(.number) | add)', () => {});
    const { io, stdout } = testIO();
    const seen: number[] = [];
    // A small spool: the list's text goes to a temporary file and back.
    await printPages(io, { kind: 'jq', jq: filter }, pagesOf(filter, 4, 10, seen), [], { spoolMemory: 1024 });
    expect(seen).toEqual([0, 0, 0, 0]);
    expect(filter.runs).toBe(1);
    expect(stdout.text()).toBe('40\n820\n');
  });

  it('prints nothing when jq fails on a later page', async () => {
    const filter = await JqFilter.compile('.[] | if .number > 15 then error("too far") else .number end', () => {});
    const { io, stdout } = testIO();
    await expect(printPages(io, { kind: 'jq', jq: filter }, pagesOf(filter, 3, 10, []), [])).rejects.toThrow(/too far/);
    expect(stdout.text()).toBe('');
  });
});
