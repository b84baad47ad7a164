// Start-up is a feature: the bundle's entry loads commander and the command
// specs only. Every other library and every verb is imported when a command
// needs it. This walks the static imports of the built entry (the chunks Node
// loads before kettle runs anything) and checks what they contain, using the
// `// node_modules/…` and `// src/…` markers esbuild writes into its output.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/harness.js';

/** The files the entry imports statically, transitively, with their sources. */
function entryGraph(): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    // Static `import … from "./x.js"`, `export … from "./x.js"` and bare `import "./x.js"`;
    // dynamic import("./x.js") is what loads on demand, so it is not followed.
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gm)) {
      visit(join(dirname(file), (m[1] ?? m[2]) as string));
    }
  };
  visit(join(ROOT, 'dist', 'cli', 'main.js'));
  return files;
}

function markers(files: Map<string, string>, prefix: string): string[] {
  const found = new Set<string>();
  for (const text of files.values()) {
    // esbuild names a file relative to the working folder; a node_modules
    // reached through a link elsewhere comes out as ../…/node_modules/….
    for (const m of text.matchAll(new RegExp(`^// (?:\\.\\./[^\\n]*?/)?(${prefix}[^\\n]*)$`, 'gm'))) found.add(m[1] as string);
  }
  return [...found].sort();
}

describe('the entry chunk of the bundle', () => {
  const graph = entryGraph();

  it('is split: the entry does not pull in the whole program', () => {
    expect(graph.size).toBeGreaterThan(1);
    const total = [...graph.values()].reduce((n, t) => n + t.length, 0);
    // commander and the specs; undici alone is about a megabyte.
    expect(total).toBeLessThan(400 * 1024);
  });

  it('bundles no library but commander', () => {
    const libraries = new Set(markers(graph, 'node_modules/').map((m) => m.split('/')[1]));
    expect([...libraries]).toEqual(['commander']);
  });

  // jq-web: --jq's WebAssembly jq, 2.8 MB, loaded only when --jq is given.
  it.each(['undici', 'conf', 'prompts', 'chalk', 'jq-web'])('holds no %s code', (library) => {
    expect(markers(graph, `node_modules/${library}/`)).toEqual([]);
  });

  it('holds the definitions but no verb, HTTP client or output code', () => {
    const sources = markers(graph, 'src/');
    expect(sources).toContain('src/cli/program.ts');
    expect(sources).toContain('src/commands/issue/index.ts');
    expect(sources).toContain('src/commands/pr/defs/merge.ts');
    for (const s of sources) {
      // Definition files only: src/commands/index.ts, src/commands/<noun>/index.ts
      // and, for a noun with many verbs, src/commands/<noun>/defs/<verb>.ts.
      if (s.startsWith('src/commands/')) expect(s).toMatch(/^src\/commands\/(index|[a-z-]+\/index|[a-z-]+\/defs\/[a-z-]+)\.ts$/);
      expect(s).not.toMatch(/^src\/api\/(client|paginate|response|ratelimit)\.ts$/);
      expect(s).not.toMatch(/^src\/output\/(printer|spool|progress|time|jq)\.ts$/);
    }
  });

  it('imports no Node module that is slow to load (child_process pulls in net, dns and streams)', () => {
    const builtins = new Set<string>();
    for (const text of graph.values()) for (const m of text.matchAll(/^import\s[^;]*?\sfrom\s*"(node:[^"]+)"/gm)) builtins.add(m[1] as string);
    expect(builtins.size).toBeGreaterThan(0);
    for (const slow of ['node:child_process', 'node:net', 'node:http', 'node:https', 'node:stream', 'node:fs/promises']) {
      expect([...builtins]).not.toContain(slow);
    }
  });

  it('loads each verb, undici and the table library on demand', () => {
    const all = [...graph.values()].join('\n');
    expect(all).toMatch(/import\("\.\/[^"]*whoami[^"]*\.js"\)/);
    expect(all).toMatch(/import\("\.\/[^"]*client[^"]*\.js"\)/);
  });
});
