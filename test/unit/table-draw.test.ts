// How a table is drawn on a terminal: each cell cut and padded by kettle's
// width rule (wide characters and emoji two columns, combining marks none),
// two blanks between columns, none after the last; and drawn without reaching
// into any library's private modules.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Column, Row } from '../../src/output/cells.js';
import { renderTable } from '../../src/output/table.js';
import { displayWidth } from '../../src/text/width.js';
import { ROOT } from '../support/harness.js';
import { testIO } from '../support/io.js';

const COLUMNS: Column[] = [
  { key: 'number', header: '#' },
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'state', header: 'STATE', kind: 'state' },
  { key: 'mark', header: 'M' },
];

// Each title measures differently under kettle's rule and string-width's
// (cli-table3's): 急須 the same, 🫖 one column there, ❤️‍🔥 five, the marks
// of नमस्ते and q̣̇ (no composed form) one each.
const RECORDS: Row[] = [
  { number: 1, title: '急須の蓋がカタカタ鳴る', state: 'open', mark: 'a' },
  { number: 2, title: 'teapot 🫖 and fire ❤️‍🔥', state: 'closed', mark: 'b' },
  { number: 3, title: 'नमस्ते q\u0307\u0323 done', state: 'merged', mark: 'c' },
  { number: 4, title: '👨‍👩‍👧 family 🇫🇷', state: 'open', mark: 'd' },
  { number: 5, title: '🫖🫖🫖', state: 'open', mark: 'e' },
  { number: 6, title: 'Plain ASCII title', state: 'open', mark: 'f' },
];

async function draw(columns: number, records: Row[] = RECORDS): Promise<string[]> {
  const t = testIO({ tty: { stdout: true }, columns, color: false });
  return (await renderTable(t.io, records, COLUMNS)).split('\n');
}

describe('a table of wide, emoji and combining text', () => {
  it('at 60 columns shows every title whole, each column starting at the same place on every line', async () => {
    expect(await draw(60)).toEqual([
      '#  TITLE                   STATE   M',
      '1  急須の蓋がカタカタ鳴る  open    a',
      '2  teapot 🫖 and fire ❤️‍🔥   closed  b',
      '3  नमस्ते q̣̇ done             merged  c',
      '4  👨‍👩‍👧 family 🇫🇷            open    d',
      '5  🫖🫖🫖                  open    e',
      '6  Plain ASCII title       open    f',
      '',
    ]);
  });

  it('at 24 columns cuts the titles to 10 columns by whole characters, a wide one left out rather than halved', async () => {
    const lines = await draw(24);
    expect(lines).toEqual([
      '#  TITLE       STATE   M',
      '1  急須の蓋…   open    a',
      '2  teapot 🫖…  closed  b',
      '3  नमस्ते q̣̇ do…  merged  c',
      '4  👨‍👩‍👧 family…  open    d',
      '5  🫖🫖🫖      open    e',
      '6  Plain ASC…  open    f',
      '',
    ]);
    for (const line of lines.slice(0, -1)) expect(displayWidth(line), line).toBe(24);
  });

  it('at 13 columns: a title of two columns keeps no wide character (only the ellipsis), and every line still lines up', async () => {
    expect(await draw(13)).toEqual(['#  T…  ST…  M', '1  …   op…  a', '2  t…  cl…  b', '3  न…  me…  c', '4  …   op…  d', '5  …   op…  e', '6  P…  op…  f', '']);
  });

  it('pads a cell by its colour-free text: colour codes take no column', async () => {
    const t = testIO({ tty: { stdout: true }, columns: 40, color: true });
    const out = await renderTable(t.io, RECORDS.slice(1, 3), COLUMNS);
    expect(out).toContain('\u001b[31mclosed\u001b[39m');
    const lines = out.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
    // '#' 1, the title 21 (the widest, 'teapot 🫖 and fire ❤️‍🔥'), the state 6, 'M' 1, three gaps of 2.
    expect(lines.slice(0, -1).map((l) => displayWidth(l))).toEqual([35, 35, 35]);
  });
});

/** Every file under src/, declarations too. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

describe('tables use no library internals', () => {
  it('no module of src/ imports, requires or declares a module of cli-table3 but its entry', () => {
    const SRC = join(ROOT, 'src');
    const reaching: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"](cli-table3\/[^'"]*)['"]/g)) reaching.push(`${relative(SRC, file)}: ${m[1]}`);
    }
    expect(reaching).toEqual([]);
  });

  it('drawing a table with wide characters loads no module of cli-table3', async () => {
    const { createRequire } = await import('node:module');
    const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((m) => m.includes(`${sep}cli-table3${sep}`));
    await draw(24);
    expect(loaded()).toEqual([]);
  });
});
