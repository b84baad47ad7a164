// The arrows of the house point one way (STYLE.md), each rule a test that
// lists the imports breaking it: no import circle in src/, type-only imports
// and import() included; src/ is built in floors, and every import between
// two of them points down; the API layer knows no command, context, command
// line or output, and the output no command; a definition loads its verb
// lazily and imports only its Options type, so a verb never imports its
// definition; the output's stages call only the ones after them; start-up
// loads no verb and no library a command loads when it needs it; the folders of
// src/commands/ keep one convention: no noun's folder imports another's (what
// several nouns use sits one level up), defs/ for every noun of 6 verbs or more
// and none below, and what a noun's verbs share is its shared.ts. Run by
// `npm run lint` too (test/tools/imports.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

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

/** The modules of src/ a file loads with import(): arrows too, though not at start-up. */
export function lazyImportsOf(file: string, text: string): string[] {
  return [...text.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)].map((m) => resolve(dirname(file), (m[1] as string).replace(/\.js$/, '.ts')));
}

/** The modules a file imports statically other than as types: what evaluating it evaluates. Libraries by their package name. */
export function valueImportsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const spec = m[1] as string;
    if (spec.startsWith('.')) out.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
    else if (!spec.startsWith('node:')) out.push(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
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

const texts = new Map(files(SRC).map((f) => [f, readFileSync(f, 'utf8')]));
const graph = new Map([...texts].map(([f, text]) => [f, importsOf(f, text)]));
/** Every arrow: static imports, type-only ones, and import(). */
const arrows = new Map([...texts].map(([f, text]) => [f, [...new Set([...importsOf(f, text), ...lazyImportsOf(f, text)])]]));
const rel = (f: string) => relative(SRC, f);
const inSrc = (f: string) => !rel(f).startsWith('..');
/** Each arrow from a module matching `from` to one matching `to`, as `a -> b`. */
const wrongArrows = (from: (r: string) => boolean, to: (r: string) => boolean) =>
  [...arrows].flatMap(([f, targets]) => (from(rel(f)) ? targets.filter((t) => inSrc(t) && to(rel(t))).map((t) => `${rel(f)} -> ${rel(t)}`) : []));

/**
 * The floors of src/, top first: each may import only the floors below it.
 * The process and the command line stand on the commands; the commands on the
 * vocabulary they are written in (spec/: verb(), flag builders, shared flags),
 * which names the context a verb runs in; the context on the output (a
 * countdown, the output choice it carries); the output on the streams (io.ts);
 * the streams on the settings (config/), which name the API's login methods;
 * everything on the typed errors, those on what a change's unknown outcome is
 * told by (outcome.ts: the command that shows an API path's state), and on the text primitives (text/:
 * control characters, widths). completion/ imports nothing of src/.
 */
export const FLOORS = ['main.ts', 'cli', 'commands', 'completion', 'spec', 'context', 'output', 'io.ts', 'config', 'api', 'errors.ts', 'outcome.ts', 'text'];
const floorOf = (r: string) => r.split('/')[0] as string;

/** A definition: the manifest (src/commands/index.ts), a noun's index.ts, or one of its defs/. */
const isDefinition = (r: string) => /^commands\/(index\.ts|[^/]+\/index\.ts|[^/]+\/defs\/[^/]+\.ts)$/.test(r);
const isChoices = (r: string) => /^commands\/[^/]+\/choices\.ts$/.test(r);
/** A verb, or what verbs share: a module of commands/ that is neither a definition nor a value list. */
const isVerbSide = (r: string) => r.startsWith('commands/') && !isDefinition(r) && !isChoices(r);

/** From how many verbs a noun keeps its definitions in defs/, one file each. */
const DEFS_FROM = 6;

/** The output's stages in the order records flow through them (printer.ts calls the rest). */
const STAGES: Record<string, number> = { 'output/printer.ts': 0, 'output/select.ts': 1, 'output/jq.ts': 2, 'output/formats.ts': 2, 'output/spool.ts': 3 };

/** Libraries a command loads when it needs them (STYLE.md, habit 2), never at start-up. */
const LOADED_ON_DEMAND = ['undici', 'conf', 'cli-table3', 'prompts', 'jq-web', 'chalk'];

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
    expect(lazyImportsOf('/x/a.ts', "import type { A } from './b.js';\nconst v = () => import('./lazy.js');")).toEqual(['/x/lazy.ts']);
    expect(valueImportsOf('/x/a.ts', "import type { A } from './b.js';\nimport { c } from '../c.js';\nimport Agent from 'undici/lib/agent.js';\nimport { x } from 'node:fs';")).toEqual([
      '/c.ts',
      'undici',
    ]);
  });

  it("has no circle, type-only imports and import() included, but a verb's type of its own options from its definition (erased at build)", () => {
    const isDef = (t: string) => /^commands\/[^/]+\/(index\.ts|defs\/)/.test(rel(t));
    const optionsTypes = (f: string, text: string) => {
      const values = new Set(valueImportsOf(f, text));
      return new Set(importsOf(f, text).filter((t) => !values.has(t) && isDef(t)));
    };
    const counted = new Map([...arrows].map(([f, to]) => [f, isDef(f) ? to : to.filter((t) => !optionsTypes(f, texts.get(f) as string).has(t))]));
    expect(circles(counted).map((c) => c.map(rel))).toEqual([]);
  });

  it(`every module stands on a floor, and every arrow between floors points down: ${FLOORS.join(' > ')}`, () => {
    expect([...texts.keys()].map(rel).filter((r) => !FLOORS.includes(floorOf(r)))).toEqual([]);
    const up = [...arrows].flatMap(([f, targets]) =>
      targets
        .filter(inSrc)
        .filter((t) => FLOORS.indexOf(floorOf(rel(t))) < FLOORS.indexOf(floorOf(rel(f))))
        .map((t) => `${rel(f)} -> ${rel(t)}`),
    );
    expect(up).toEqual([]);
  });

  it('the API layer imports nothing from the command line, the context, the commands or the output', () => {
    expect(
      wrongArrows(
        (r) => r.startsWith('api/'),
        (r) => /^(cli|commands|context|output|spec)\//.test(r),
      ),
    ).toEqual([]);
  });

  it('the output layer knows no command and no command line', () => {
    expect(
      wrongArrows(
        (r) => r.startsWith('output/'),
        (r) => /^(cli|commands|spec)\//.test(r),
      ),
    ).toEqual([]);
  });

  it('no verb imports a definition (src/commands/<noun>/index.ts or defs/) but as a type: its options type, derived from it', () => {
    const wrong = [...texts].flatMap(([f, text]) => {
      const r = rel(f);
      if (!r.startsWith('commands/') || r.endsWith('/index.ts') || r.includes('/defs/') || r.split('/').length < 3) return [];
      return valueImportsOf(f, text)
        .filter((t) => t.startsWith('/') && /^commands\/[^/]+\/(index\.ts|defs\/)/.test(rel(t)))
        .map((t) => `${r} -> ${rel(t)}`);
    });
    expect(wrong).toEqual([]);
  });

  it('a definition loads its verb lazily: it imports a verb (or what verbs share) only as a type, or with import()', () => {
    const wrong = [...texts].flatMap(([f, text]) =>
      isDefinition(rel(f))
        ? valueImportsOf(f, text)
            .filter((t) => t.startsWith('/') && isVerbSide(rel(t)))
            .map((t) => `${rel(f)} -> ${rel(t)}`)
        : [],
    );
    expect(wrong).toEqual([]);
  });

  it("no module of a noun's folder (src/commands/<noun>/) imports another noun's folder, and no module of src/commands/ but the manifest imports a noun's: what several nouns use sits one level up", () => {
    const nounOf = (r: string) => /^commands\/([^/]+)\//.exec(r)?.[1];
    const wrong = wrongArrows(
      (r) => r.startsWith('commands/') && r !== 'commands/index.ts',
      (r) => nounOf(r) !== undefined,
    ).filter((a) => {
      const [from, to] = a.split(' -> ') as [string, string];
      return nounOf(from) !== nounOf(to);
    });
    expect(wrong).toEqual([]);
  });

  it("what a noun's verbs share has one name, shared.ts: no noun folder has a target.ts or an options.ts", () => {
    expect([...texts.keys()].map(rel).filter((r) => /^commands\/[^/]+\/(target|options)\.ts$/.test(r))).toEqual([]);
  });

  it(`a noun of ${DEFS_FROM} verbs or more keeps each definition in defs/<verb>.ts, and a noun of fewer keeps them all in its index.ts`, () => {
    const nouns = readdirSync(join(SRC, 'commands'), { withFileTypes: true }).filter((e) => e.isDirectory());
    const misplaced = nouns.flatMap((e) => {
      const index = texts.get(join(SRC, 'commands', e.name, 'index.ts')) ?? '';
      const verbs = (/\bverbs:\s*\[([^\]]*)\]/.exec(index)?.[1] ?? '').split(',').filter((v) => v.trim() !== '').length;
      const hasDefs = readdirSync(join(SRC, 'commands', e.name)).includes('defs');
      return hasDefs === verbs >= DEFS_FROM ? [] : [`${e.name}: ${verbs} verb${verbs === 1 ? '' : 's'}, ${hasDefs ? 'has' : 'no'} defs/`];
    });
    expect(nouns.length).toBeGreaterThan(5);
    expect(misplaced).toEqual([]);
  });

  it('a value list that definitions and verbs share (src/commands/<noun>/choices.ts) imports nothing, so start-up pays only for the list', () => {
    const lists = [...graph].filter(([f]) => /^commands\/[^/]+\/choices\.ts$/.test(rel(f)));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.filter(([, to]) => to.length > 0).map(([f]) => rel(f))).toEqual([]);
  });

  it('the output runs one way: printer.ts → select.ts → jq.ts or formats.ts → spool.ts, no stage importing one before it, and nothing in output/ importing the printer', () => {
    const back = wrongArrows(
      (r) => r in STAGES,
      () => true,
    ).filter((a) => {
      const [from, to] = a.split(' -> ') as [string, string];
      return to in STAGES && (STAGES[to] as number) < (STAGES[from] as number);
    });
    expect([
      ...back,
      ...wrongArrows(
        (r) => r.startsWith('output/'),
        (r) => r === 'output/printer.ts',
      ),
    ]).toEqual([]);
  });

  it(`start-up (what src/main.ts evaluates before any import()) loads no verb, and none of ${LOADED_ON_DEMAND.join(', ')}`, () => {
    const seen = new Map<string, string>();
    const todo = [join(SRC, 'main.ts')];
    const wrong: string[] = [];
    while (todo.length > 0) {
      const f = todo.pop() as string;
      for (const t of valueImportsOf(f, texts.get(f) ?? '')) {
        const via = `${rel(f)} -> ${t.startsWith('/') ? rel(t) : t}`;
        if (!t.startsWith('/')) {
          if (LOADED_ON_DEMAND.includes(t)) wrong.push(via);
          continue;
        }
        if (!texts.has(t) || seen.has(t)) continue;
        seen.set(t, f);
        if (isVerbSide(rel(t))) wrong.push(via);
        todo.push(t);
      }
    }
    expect(seen.size).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });
});
