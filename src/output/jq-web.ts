// jq itself (the jq-web package), loaded by jq.ts through import() when --jq
// is given. Required here, not imported by import() there: jq-web's export is
// a promise, and the namespace import() gives of such a CommonJS module takes
// the promise's prototype (esbuild's interop, and vitest's), so awaiting it
// fails; in the bundle that made every --jq load a second copy of jq-web from
// node_modules, compiled from source. esbuild bundles this require(); where
// modules have no require (vitest runs the sources as ES modules), one is made.
import './jq-wasm-dir.js';

export interface JqWeb {
  raw(input: string | Uint8Array, filter: string, flags?: string[]): string | undefined;
}

export const ready: Promise<JqWeb> =
  typeof require === 'function' ? require('jq-web') : (process.getBuiltinModule('node:module') as typeof import('node:module')).createRequire(import.meta.url)('jq-web');
