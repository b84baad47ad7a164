// The arrows of the house point one way (STYLE.md): no import circle in src/,
// type-only imports included; a definition loads its verb lazily and imports
// no verb, and a verb imports its definition only as a type (to derive its
// options from it), which the bundle erases; the API layer knows no command,
// context, command line or output.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/harness.js';

const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The modules of src/ a file imports statically (`import`, `import type`, `export … from`); lazy `import()` is not an arrow. */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    const target = resolve(dirname(file), (m[1] as string).replace(/\.js$/, '.ts'));
    out.push(target);
  }
  return out;
}

/** Strongly connected components of more than one module, or a module importing itself (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** The modules of src/ a file imports for their values: `importsOf` less `import type` (and `export type … from`). */
export function valueImportsOf(file: string, text: string): string[] {
  return importsOf(file, text.replace(/^\s*(?:import|export)\s+type\s[^;]*;/gm, ''));
}

const graph = new Map(files(SRC).map((f) => [f, importsOf(f, readFileSync(f, 'utf8'))]));
const values = new Map(files(SRC).map((f) => [f, valueImportsOf(f, readFileSync(f, 'utf8'))]));
const rel = (f: string) => relative(SRC, f);

describe('the import graph of src/', () => {
  it('finds circles where there are some', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
    expect(importsOf('/x/a.ts', "import type { A } from './b.js';\nexport { c } from '../c.js';\nconst v = () => import('./lazy.js');")).toEqual(['/x/b.ts', '/c.ts']);
    expect(valueImportsOf('/x/a.ts', "import type { A } from './b.js';\nimport type * as d from './d.js';\nimport { type E, f } from './e.js';\nexport { c } from '../c.js';")).toEqual([
      '/x/e.ts',
      '/c.ts',
    ]);
  });

  it('has no circle, type-only imports included', () => {
    expect(circles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  it('the API layer imports nothing from the command line, the context, the commands or the output', () => {
    const wrong = [...graph].flatMap(([f, to]) => (rel(f).startsWith('api/') ? to.filter((t) => /^(cli|commands|context|output)\//.test(rel(t))).map((t) => `${rel(f)} -> ${rel(t)}`) : []));
    expect(wrong).toEqual([]);
  });

  it('the output layer knows no command and no command line', () => {
    const wrong = [...graph].flatMap(([f, to]) => (rel(f).startsWith('output/') ? to.filter((t) => /^(cli|commands)\//.test(rel(t))).map((t) => `${rel(f)} -> ${rel(t)}`) : []));
    expect(wrong).toEqual([]);
  });

  it('no verb imports a definition (src/commands/<noun>/index.ts or defs/) but as a type', () => {
    const wrong = [...values].flatMap(([f, to]) => {
      const r = rel(f);
      if (!r.startsWith('commands/') || r.endsWith('/index.ts') || r.includes('/defs/') || r.split('/').length < 3) return [];
      return to.filter((t) => /^commands\/[^/]+\/(index\.ts|defs\/)/.test(rel(t))).map((t) => `${r} -> ${rel(t)}`);
    });
    expect(wrong).toEqual([]);
  });

  it('a definition imports no verb: only the command line helpers, value lists (choices.ts) and other definitions', () => {
    const wrong = [...graph].flatMap(([f, to]) => {
      const r = rel(f);
      if (!/^commands\/[^/]+\/(index\.ts|defs\/)/.test(r)) return [];
      return to.filter((t) => !/^(cli\/|commands\/[^/]+\/(index\.ts|choices\.ts|defs\/))/.test(rel(t))).map((t) => `${r} -> ${rel(t)}`);
    });
    expect(wrong).toEqual([]);
  });

  it('a value list that definitions and verbs share (src/commands/<noun>/choices.ts) imports nothing, so start-up pays only for the list', () => {
    const lists = [...graph].filter(([f]) => /^commands\/[^/]+\/choices\.ts$/.test(rel(f)));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.filter(([, to]) => to.length > 0).map(([f]) => rel(f))).toEqual([]);
  });
});
